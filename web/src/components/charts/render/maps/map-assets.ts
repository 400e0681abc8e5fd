import { COUNTRY_CODES } from "@strata/contracts/countries";
import { feature } from "topojson-client";
import world50Url from "world-atlas/countries-50m.json?url";
import world110Url from "world-atlas/countries-110m.json?url";
import type { FormData } from "../../types";
import type { FeatureCollection } from "./geojson-types";
import { assetsNeeded } from "./map-figures";
import type { MapAssets } from "./map-frame";
import { rewoundForD3 } from "./rewind";

/**
 * Boundary files are build assets of the SPA (hashed under /assets/, cached for good), fetched
 * from our own origin the first time a map needs them, never from a CDN.
 */
const WORLD_URLS = { 50: world50Url, 110: world110Url } as const;

/** Country map regions by Superset's `select_country` key (`boundaries/{key}.json`). */
const REGION_URLS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>("./boundaries/*.json", { query: "?url", import: "default", eager: true }),
  ).map(([path, url]) => [path.replace(/^.*\/(.+)\.json$/, "$1"), url]),
);

type Topology = Parameters<typeof feature>[0];

const loaded = new Map<string, Promise<unknown>>();

function getJson<T>(url: string): Promise<T> {
  let pending = loaded.get(url);
  if (!pending) {
    pending = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`Map boundaries could not be loaded (${res.status})`);
      return res.json();
    });
    // A failed load is tried again next time rather than remembered.
    pending.catch(() => loaded.delete(url));
    loaded.set(url, pending);
  }
  return pending as Promise<T>;
}

interface GeoAssetsWindow {
  PlotlyGeoAssets?: { topojson: Record<string, unknown> };
}

/**
 * Hands the world topology to Plotly's geo subplot under the name it would otherwise download
 * (`world_50m` / `world_110m`): its land and country layers come from world-atlas, and the
 * coastline layer is the land outline.
 */
function registerWithPlotly(name: string, topology: Topology) {
  const w = window as unknown as GeoAssetsWindow;
  w.PlotlyGeoAssets ??= { topojson: {} };
  w.PlotlyGeoAssets.topojson[name] ??= {
    ...topology,
    objects: { ...topology.objects, coastlines: topology.objects.land },
  };
}

const ALPHA3_BY_NUMERIC = new Map(COUNTRY_CODES.map(([numeric, , a3]) => [numeric, a3]));

/** world-atlas countries as features identified by ISO alpha-3 (those it gives a code). */
function countriesOf(topology: Topology): FeatureCollection {
  const all = feature(topology, topology.objects.countries) as unknown as FeatureCollection;
  return {
    type: "FeatureCollection",
    features: all.features
      .map((f) => ({ ...f, id: ALPHA3_BY_NUMERIC.get(String(f.id)) }))
      .filter((f) => f.id !== undefined),
  };
}

/** Loads (once per page) what a map's figure needs, and registers the world with Plotly. */
export async function loadMapAssets(fd: FormData): Promise<MapAssets> {
  const need = assetsNeeded(fd);
  const [topology, regions] = await Promise.all([
    getJson<Topology>(WORLD_URLS[need.world]),
    need.regions && REGION_URLS[need.regions] ? getJson<FeatureCollection>(REGION_URLS[need.regions]) : null,
  ]);
  registerWithPlotly(`world_${need.world}m`, topology);
  return {
    ...(need.countries ? { countries: countriesOf(topology) } : {}),
    ...(need.regions && regions ? { regions: { [need.regions]: rewoundForD3(regions) } } : {}),
  };
}
