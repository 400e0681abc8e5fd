import { Center, Loader } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import { readBootstrap } from "../../../../lib/bootstrap";
import { t } from "../../../../lib/i18n";
import type { ChartRenderProps } from "../chart-render-props";
import { withHighlight } from "../plotly/figures/highlight";
import { plotCallbacks } from "../plotly/plot-callbacks";
import Plotly from "../plotly/plotly-bundle";
import { loadMapAssets } from "./map-assets";
import { assetsNeeded, fixedViewport, MAP_FIGURES } from "./map-figures";
import type { MapAssets } from "./map-frame";
import "./register-geo-traces";
import { type TileSource, tileSource, toTileFigure } from "./tile-map";

const Plot = createPlotlyComponent(Plotly);

/** The page's tile settings, read once (Superset's `common.conf.MAPBOX_API_KEY`, and `MAP_TILE_URL`). */
let conf: Record<string, unknown> | undefined | null = null;
function serverConf() {
  if (conf === null) conf = readBootstrap()?.common.conf;
  return conf;
}

/** deck.gl layers sit on a basemap in Superset; the country and world maps draw only regions. */
const TILED = (vizType: string) => vizType.startsWith("deck_");

/** What a map needs before drawing: boundaries (shipped background) or the tile traces' chunk. */
async function prepare(formData: ChartRenderProps["formData"], tiles: TileSource | null): Promise<MapAssets> {
  if (tiles) {
    await import("./register-tile-traces");
    return {};
  }
  return loadMapAssets(formData);
}

/** Any topojson Plotly would still look for is asked of our own origin, never of its CDN. */
const CONFIG = {
  displaylogo: false,
  responsive: true,
  displayModeBar: "hover" as const,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "toggleHover"],
  topojsonURL: "/assets/",
};

/**
 * Map visualisations (Superset's country/world maps and deck.gl layers) drawn by Plotly's geo
 * subplot over the shipped boundaries: the boundaries load first, then the figure is built.
 */
export default function MapChart({
  formData,
  results,
  height,
  highlight,
  onPlotReady,
  onRenderSuccess,
  onRenderFailure,
}: ChartRenderProps) {
  const tiles = TILED(formData.viz_type) ? tileSource(serverConf(), formData.mapbox_style) : null;
  const need = JSON.stringify({ ...assetsNeeded(formData), tiles });
  const [state, setState] = useState<{ key: string; assets?: MapAssets; error?: Error } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: boundaries depend only on what the form needs (`need`), not on every control
  useEffect(() => {
    let live = true;
    prepare(formData, tiles).then(
      (assets) => live && setState({ key: need, assets }),
      (error: Error) => live && setState({ key: need, error }),
    );
    return () => {
      live = false;
    };
  }, [need]);
  const assets = state?.key === need ? state.assets : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tiles` changes only with `need`, which `assets` follows
  const figure = useMemo(() => {
    if (!assets) return null;
    const build = MAP_FIGURES[formData.viz_type];
    if (!build) throw new Error(`No renderer for visualization type "${formData.viz_type}"`);
    const figure = build(formData, results, assets);
    return tiles ? toTileFigure(figure, tiles, fixedViewport(formData)) : figure;
  }, [assets, formData, results]);
  // The regions (or points) this chart's own cross filter left out are drawn faded.
  const shown = useMemo(() => (figure ? withHighlight(figure, highlight) : null), [figure, highlight]);
  if (state?.key === need && state.error) throw state.error;
  if (!shown) {
    return (
      <Center h={height}>
        <Loader aria-label={t("Loading chart")} />
      </Center>
    );
  }
  return (
    <div data-test="map-chart" data-viz-type={formData.viz_type} style={{ width: "100%", height }}>
      <Plot
        data={shown.data}
        layout={{ ...shown.layout, height }}
        config={CONFIG}
        useResizeHandler
        style={{ width: "100%", height }}
        {...plotCallbacks({ onPlotReady, onRenderSuccess, onRenderFailure })}
      />
    </div>
  );
}
