import type { VizType } from "../charts";
import { isLegacyVizType } from "@strata/contracts/chart-query";
import { galleryInfo } from "./gallery-info";

/**
 * What the gallery's left list can show: everything, the popular types, the recently used ones,
 * or one category. Search replaces the selection while the box holds text (as Superset's does).
 */
export type GallerySection =
  | { kind: "all" }
  | { kind: "popular" }
  | { kind: "recent" }
  | { kind: "category"; category: VizType["category"] };

/** Category order of the left list (Superset's categories; "Other" always last). */
export const CATEGORY_ORDER: VizType["category"][] = [
  "Evolution",
  "Part of a Whole",
  "Ranking",
  "Table",
  "KPI",
  "Distribution",
  "Correlation",
  "Flow",
  "Map",
  "Tools",
  "Other",
];

/**
 * The types most dashboards are built with, most used first: "Popular" shows the ones of them
 * Strata has, and "All charts" lists them ahead of the rest.
 */
export const POPULAR_ORDER = [
  "echarts_timeseries_line",
  "echarts_timeseries_bar",
  "table",
  "big_number_total",
  "big_number",
  "pie",
  "pivot_table_v2",
  "echarts_area",
  "mixed_timeseries",
  "echarts_timeseries_scatter",
  "word_cloud",
  "world_map",
  "sankey_v2",
  "treemap_v2",
  "heatmap_v2",
  "box_plot",
  "bubble_v2",
  "deck_scatter",
];

/** How many of POPULAR_ORDER the "Popular" entry shows. */
export const POPULAR_COUNT = 12;

/**
 * Keys Superset migrates to a modern type: drawn when a chart has one, never offered (with those
 * `legacy-viz.ts` migrates, which this list covers and may outgrow).
 */
export const LEGACY_KEYS = new Set([
  "dist_bar",
  "line",
  "bar",
  "area",
  "treemap",
  "sunburst",
  "heatmap",
  "histogram",
  "bubble",
  "pivot_table",
  "sankey",
  "directed_force",
  "dual_line",
  "line_multi",
  "compare",
  "time_pivot",
]);

/** The types the gallery offers, in their default order: popular first, then by label. */
export function offeredTypes(all: readonly VizType[]): VizType[] {
  const rank = (key: string) => {
    const i = POPULAR_ORDER.indexOf(key);
    return i < 0 ? POPULAR_ORDER.length : i;
  };
  return all
    .filter((v) => !v.deprecated && !LEGACY_KEYS.has(v.key) && !isLegacyVizType(v.key))
    .map((v, i) => ({ v, i }))
    .sort((a, b) => rank(a.v.key) - rank(b.v.key) || a.v.label.localeCompare(b.v.label) || a.i - b.i)
    .map(({ v }) => v);
}

/** The categories that hold at least one offered type, in CATEGORY_ORDER (unknown ones before Other). */
export function categoriesOf(types: readonly VizType[]): VizType["category"][] {
  const present = new Set(types.map((v) => v.category));
  const known = CATEGORY_ORDER.filter((c) => present.has(c) && c !== "Other");
  const extra = [...present].filter((c) => !CATEGORY_ORDER.includes(c)).sort();
  return [...known, ...extra, ...(present.has("Other") ? (["Other"] as const) : [])];
}

/** Recently used keys first (most recent first), then the rest in their given order. */
export function recentFirst(types: readonly VizType[], recent: readonly string[]): VizType[] {
  const byKey = new Map(types.map((v) => [v.key, v]));
  const head = recent.flatMap((k) => byKey.get(k) ?? []);
  const seen = new Set(head.map((v) => v.key));
  return [...head, ...types.filter((v) => !seen.has(v.key))];
}

/** The offered types a left-list entry shows. */
export function typesInSection(
  types: readonly VizType[],
  section: GallerySection,
  recent: readonly string[],
): VizType[] {
  switch (section.kind) {
    case "all":
      return recentFirst(types, recent);
    case "popular": {
      const popular = POPULAR_ORDER.flatMap((k) => types.find((v) => v.key === k) ?? []);
      return popular.slice(0, POPULAR_COUNT);
    }
    case "recent":
      return recent.flatMap((k) => types.find((v) => v.key === k) ?? []);
    case "category":
      return types.filter((v) => v.category === section.category);
  }
}

/** The texts a type is found by, each lower-cased: English and translated where they differ. */
export interface SearchTexts {
  names: string[];
  tags: string[];
  other: string[];
}

const norm = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

export function searchTextsOf(v: VizType, translate: (s: string) => string): SearchTexts {
  const info = galleryInfo(v.key);
  const both = (s: string) => [...new Set([norm(s), norm(translate(s))])];
  return {
    names: [...both(v.label), norm(v.key)],
    tags: [...(v.tags ?? []), ...info.tags].flatMap(both),
    other: [...both(v.description), ...both(v.category)],
  };
}

/**
 * Types whose name, tags, description, category or key hold every word of the query, best
 * matches first: a word in the name ranks above one in the tags, which ranks above the rest.
 * Plain substring matching (no fuzzy scoring): "pie" never finds "pivot".
 */
export function searchTypes(
  types: readonly VizType[],
  query: string,
  translate: (s: string) => string = (s) => s,
): VizType[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { v: VizType; score: number; i: number }[] = [];
  types.forEach((v, i) => {
    const texts = searchTextsOf(v, translate);
    let score = 0;
    for (const w of words) {
      if (texts.names.some((s) => s.startsWith(w))) score += 4;
      else if (texts.names.some((s) => s.includes(w))) score += 3;
      else if (texts.tags.some((s) => s.includes(w))) score += 2;
      else if (texts.other.some((s) => s.includes(w))) score += 1;
      else return;
    }
    scored.push({ v, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map(({ v }) => v);
}

/** The section the gallery opens on: the recently used types when there are some, else the popular ones. */
export function initialSection(recentShown: readonly VizType[]): GallerySection {
  return recentShown.length > 0 ? { kind: "recent" } : { kind: "popular" };
}

export const sectionId = (s: GallerySection) => (s.kind === "category" ? `category:${s.category}` : s.kind);
