import { describe, expect, it } from "vitest";
import { crossFilterScope } from "./cross-filter";
import { crossFilterTargets, withCrossFilterScope } from "./cross-filter-scoping";
import type { Layout } from "./layout-types";

const chartItem = (id: number) => ({ id: `CHART-${id}`, type: "CHART", children: [], meta: { chartId: id } });
const layout = {
  ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"], meta: {} },
  GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"], meta: {} },
  "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-1", "CHART-2", "CHART-3"], meta: {} },
  "CHART-1": chartItem(1),
  "CHART-2": chartItem(2),
  "CHART-3": chartItem(3),
} as unknown as Layout;

describe("cross-filter scoping", () => {
  it("stores a partial scope as Superset's chart_configuration and reads it back", () => {
    const metadata = withCrossFilterScope({}, layout, 1, [3]);
    expect(metadata.chart_configuration).toEqual({
      "1": {
        id: 1,
        crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: [1, 2] }, chartsInScope: [3] },
      },
    });
    expect(crossFilterScope(metadata, layout, 1)).toEqual([3]);
    expect(crossFilterTargets(metadata, layout, 1)).toEqual([3]);
  });

  it("stores every other chart as the global scope, keeping the other charts' entries", () => {
    const first = withCrossFilterScope({}, layout, 2, []);
    const metadata = withCrossFilterScope(first, layout, 1, [2, 3]);
    const config = metadata.chart_configuration as Record<string, { crossFilters: { scope: unknown } }>;
    expect(config["1"].crossFilters.scope).toBe("global");
    const second = config["2"].crossFilters as { scope: { excluded: number[] }; chartsInScope: number[] };
    expect([...second.scope.excluded].sort()).toEqual([1, 2, 3]);
    expect(second.chartsInScope).toEqual([]);
    expect(crossFilterTargets(metadata, layout, 1)).toEqual([2, 3]);
    expect(crossFilterTargets(metadata, layout, 2)).toEqual([]);
  });
});
