import {
  deckArc,
  deckGeoJson,
  deckGrid,
  deckHex,
  deckPath,
  deckPolygon,
  deckScatter,
  deckScreengrid,
} from "./deck.ts";
import { countryMap, worldMap } from "./maps.ts";
import { bubble, bullet, chord, parallelCoordinates } from "./relations.ts";
import { table } from "./table.ts";
import { calHeatmap, horizon, pairedTTest, partition, rose, timeTable } from "./time.ts";
import type { LegacyViz } from "./viz.ts";

/**
 * The legacy viz types explore_json answers in the shape of Superset's `viz.py` class for them.
 * Any other type (the modern plugins, which read the chart-data API) keeps the plain reply: the
 * generic query and its rows. deck_multi has no query of its own (see `multi-layer.ts`).
 */
export const LEGACY_VIZ: ReadonlyMap<string, LegacyViz> = new Map([
  ["world_map", worldMap],
  ["country_map", countryMap],
  ["cal_heatmap", calHeatmap],
  ["time_table", timeTable],
  ["paired_ttest", pairedTTest],
  ["horizon", horizon],
  ["rose", rose],
  ["partition", partition],
  ["chord", chord],
  ["para", parallelCoordinates],
  ["bubble", bubble],
  ["bullet", bullet],
  ["table", table],
  ["deck_scatter", deckScatter],
  ["deck_screengrid", deckScreengrid],
  ["deck_grid", deckGrid],
  ["deck_hex", deckHex],
  ["deck_path", deckPath],
  ["deck_polygon", deckPolygon],
  ["deck_geojson", deckGeoJson],
  ["deck_arc", deckArc],
]);
