import type { LegacyViz } from "./viz.ts";

/**
 * The legacy viz types explore_json shapes as Superset's `viz.py` does (`registry.ts` holds their
 * modules). Their names are here on their own, so a check that only needs to know whether a type
 * is one of them (the guest check) does not load the modules.
 */
export const LEGACY_VIZ_TYPES: ReadonlySet<string> = new Set([
  "world_map",
  "country_map",
  "cal_heatmap",
  "time_table",
  "paired_ttest",
  "horizon",
  "rose",
  "partition",
  "chord",
  "para",
  "bubble",
  "bullet",
  "table",
  "deck_scatter",
  "deck_screengrid",
  "deck_grid",
  "deck_hex",
  "deck_path",
  "deck_polygon",
  "deck_geojson",
  "deck_arc",
]);

/** The module of a legacy viz type, loaded on first use; undefined for any other type. */
export async function loadLegacyViz(vizType: unknown): Promise<LegacyViz | undefined> {
  if (typeof vizType !== "string" || !LEGACY_VIZ_TYPES.has(vizType)) return undefined;
  return (await import("./registry.ts")).LEGACY_VIZ.get(vizType);
}
