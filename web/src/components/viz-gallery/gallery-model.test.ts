import { describe, expect, it } from "vitest";
import type { VizType } from "../charts";
import {
  categoriesOf,
  initialSection,
  offeredTypes,
  POPULAR_COUNT,
  recentFirst,
  searchTypes,
  typesInSection,
} from "./gallery-model";

const viz = (
  key: string,
  label: string,
  category: VizType["category"],
  extra: Partial<VizType> = {},
): VizType => ({
  key,
  label,
  category,
  description: `${label} description`,
  ...extra,
});

const TYPES: VizType[] = [
  viz("word_cloud", "Word Cloud", "Ranking", { description: "Words sized by a metric." }),
  viz("table", "Table", "Table"),
  viz("pivot_table_v2", "Pivot Table", "Table", { description: "Metrics across row and column groups." }),
  viz("pie", "Pie Chart", "Part of a Whole", { description: "Shares of a metric." }),
  viz("handlebars", "Handlebars", "Other", { description: "A template." }),
  viz("deck_scatter", "deck.gl Scatterplot", "Map", { description: "Points on a map." }),
  viz("echarts_timeseries_line", "Line Chart", "Evolution", { description: "Trends over time." }),
  viz("dist_bar", "Bar Chart (legacy)", "Ranking"),
  viz("my_plugin", "Mine", "Ranking", { deprecated: true }),
];

const keys = (list: VizType[]) => list.map((v) => v.key);

describe("the gallery's types and sections", () => {
  it("offers popular types first, then the rest by label; legacy and deprecated keys never", () => {
    expect(keys(offeredTypes(TYPES))).toEqual([
      "echarts_timeseries_line",
      "table",
      "pie",
      "pivot_table_v2",
      "word_cloud",
      "deck_scatter",
      "handlebars",
    ]);
  });

  it("lists the categories that hold types, in Superset's order, Other last", () => {
    expect(categoriesOf(offeredTypes(TYPES))).toEqual([
      "Evolution",
      "Part of a Whole",
      "Ranking",
      "Table",
      "Map",
      "Other",
    ]);
  });

  it("filters by category and keeps popular order inside it", () => {
    const offered = offeredTypes(TYPES);
    expect(keys(typesInSection(offered, { kind: "category", category: "Table" }, []))).toEqual([
      "table",
      "pivot_table_v2",
    ]);
    expect(keys(typesInSection(offered, { kind: "category", category: "Flow" }, []))).toEqual([]);
  });

  it("popular: the popular types Strata has, at most POPULAR_COUNT, in popularity order", () => {
    const offered = offeredTypes(TYPES);
    const popular = keys(typesInSection(offered, { kind: "popular" }, []));
    expect(popular).toEqual([
      "echarts_timeseries_line",
      "table",
      "pie",
      "pivot_table_v2",
      "word_cloud",
      "deck_scatter",
    ]);
    expect(popular.length).toBeLessThanOrEqual(POPULAR_COUNT);
  });

  it("puts recently used types first in All charts, most recent first, without repeating them", () => {
    const offered = offeredTypes(TYPES);
    const all = keys(typesInSection(offered, { kind: "all" }, ["word_cloud", "pie"]));
    expect(all.slice(0, 2)).toEqual(["word_cloud", "pie"]);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(offered.length);
  });

  it("recently used: only remembered keys the gallery offers (a legacy or removed key is skipped)", () => {
    const offered = offeredTypes(TYPES);
    expect(keys(typesInSection(offered, { kind: "recent" }, ["gone", "dist_bar", "table"]))).toEqual([
      "table",
    ]);
    expect(keys(recentFirst(offered, ["gone"]))).toEqual(keys(offered));
  });

  it("opens on the recently used types when there are some, else the popular ones", () => {
    expect(initialSection([])).toEqual({ kind: "popular" });
    expect(initialSection([TYPES[0]])).toEqual({ kind: "recent" });
  });
});

describe("searching the gallery", () => {
  const offered = offeredTypes(TYPES);

  it("matches the name, with names starting with the word first", () => {
    expect(keys(searchTypes(offered, "table"))).toEqual(["table", "pivot_table_v2"]);
    expect(keys(searchTypes(offered, "PIE"))).toEqual(["pie"]);
  });

  it("matches descriptions and the gallery's tags, ranked below names", () => {
    // "map" is in deck_scatter's description and tags; no name holds it.
    expect(keys(searchTypes(offered, "map"))).toEqual(["deck_scatter"]);
    // Word cloud's gallery tags hold "Frequency".
    expect(keys(searchTypes(offered, "frequency"))).toEqual(["word_cloud"]);
    // "metric" is in the descriptions of three types.
    expect(keys(searchTypes(offered, "metric")).sort()).toEqual(["pie", "pivot_table_v2", "word_cloud"]);
  });

  it("needs every word to match and ignores case and accents", () => {
    expect(keys(searchTypes(offered, "pivot  table"))).toEqual(["pivot_table_v2"]);
    expect(keys(searchTypes(offered, "pivot pie"))).toEqual([]);
    expect(keys(searchTypes(offered, "Pîe"))).toEqual(["pie"]);
  });

  it("finds by the viz_type key and by translated texts", () => {
    expect(keys(searchTypes(offered, "echarts_timeseries"))).toEqual(["echarts_timeseries_line"]);
    const fr = (s: string) => (s === "Pie Chart" ? "Graphique en secteurs" : s);
    expect(keys(searchTypes(offered, "secteurs", fr))).toEqual(["pie"]);
  });

  it("an empty query finds nothing (the section shows instead); legacy keys are never found", () => {
    expect(searchTypes(offered, "   ")).toEqual([]);
    expect(keys(searchTypes(offered, "legacy"))).toEqual([]);
  });
});
