import type { Hydrated } from "./hydrate";
import type { Layout, LayoutItem } from "./layout-types";

/** Builds a layout from `id: [type, children, meta]` entries (tests). */
export function makeLayout(
  spec: Record<string, [LayoutItem["type"], string[]?, LayoutItem["meta"]?]>,
): Layout {
  const out: Layout = {};
  for (const [id, [type, children = [], meta = {}]] of Object.entries(spec))
    out[id] = { id, type, children, meta };
  return out;
}

/** ROOT > GRID > [ROW-1 > CHART-a(4) CHART-b(4)], [TABS-1 > TAB-1 > ROW-2 > CHART-c(6); TAB-2 > ROW-3 > CHART-d(12)]. */
export function sampleLayout(): Layout {
  return makeLayout({
    ROOT_ID: ["ROOT", ["GRID_ID"]],
    GRID_ID: ["GRID", ["ROW-1", "TABS-1"]],
    HEADER_ID: ["HEADER", [], { text: "Sample" }],
    "ROW-1": ["ROW", ["CHART-a", "CHART-b"]],
    "CHART-a": ["CHART", [], { chartId: 1, width: 4, height: 50 }],
    "CHART-b": ["CHART", [], { chartId: 2, width: 4, height: 50 }],
    "TABS-1": ["TABS", ["TAB-1", "TAB-2"]],
    "TAB-1": ["TAB", ["ROW-2"], { text: "One" }],
    "TAB-2": ["TAB", ["ROW-3"], { text: "Two" }],
    "ROW-2": ["ROW", ["CHART-c"]],
    "CHART-c": ["CHART", [], { chartId: 3, width: 6, height: 50 }],
    "ROW-3": ["ROW", ["CHART-d"]],
    "CHART-d": ["CHART", [], { chartId: 4, width: 12, height: 50 }],
  });
}

/** A dashboard as the page hydrates it, on `sampleLayout`, with no charts (tests); `parts` replace fields. */
export function sampleHydrated(parts: Partial<Hydrated> = {}): Hydrated {
  return {
    info: {
      id: 1,
      title: "Sample",
      slug: null,
      css: "",
      published: false,
      owners: [],
      certifiedBy: null,
      certificationDetails: null,
      lastModifiedTime: 1,
      url: "",
    },
    metadata: {},
    layout: sampleLayout(),
    charts: {},
    datasets: {},
    ...parts,
  };
}
