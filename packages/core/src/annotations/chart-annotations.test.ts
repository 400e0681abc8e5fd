import type { QueryObject } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import type { Charts } from "../charts/service.ts";
import type { ChartEntity } from "../charts/types.ts";
import { AppError } from "../errors.ts";
import { principalOf } from "../security/principal.ts";
import type { Annotations } from "./annotations.ts";
import type { ChartQueryRunner } from "../chart-data/ports.ts";
import { ChartAnnotations } from "./chart-annotations.ts";
import type { AnnotationLayers } from "./layers.ts";
import { applyOverrides, toAnnotationSeries } from "./source-chart.ts";

const admin = principalOf(null, [{ id: 1, name: "Admin", permissions: [] } as never]);

const chart = {
  id: 7,
  params: JSON.stringify({
    datasource: "3__table",
    x_axis: "ds",
    metrics: ["count"],
    time_range: "No filter",
  }),
  query_context: null,
  datasource_id: 3,
} as unknown as ChartEntity;

function service(runInline: ChartQueryRunner["runInline"], timeoutMs = 50) {
  return new ChartAnnotations(
    {
      layers: {} as AnnotationLayers,
      annotations: {} as Annotations,
      charts: { get: async () => ({ chart, dataset: undefined }) } as unknown as Charts,
      queries: { runInline },
    },
    { timeoutMs },
  );
}

const layer = { name: "Other", annotationType: "TIME_SERIES", sourceType: "line", value: 7, show: true };
const ctx = { query: { time_range: "Last year" } as QueryObject, bounds: { since: null, until: null } };

describe("TIME_SERIES layers", () => {
  it("reports 'Query timeout' for a source chart that takes too long, without failing", async () => {
    const slow = service(() => new Promise(() => {}));
    expect(await slow.dataFor(admin, [layer], ctx)).toEqual({ Other: { error: "Query timeout" } });
  });

  it("counts a 'no data' failure as success, and reports other failures on the layer", async () => {
    const noData = service(async () => {
      throw new AppError(400, { message: "No data: the query returned nothing" });
    });
    expect(await noData.dataFor(admin, [layer], ctx)).toEqual({ Other: [] });
    const broken = service(async () => {
      throw new AppError(400, { message: "Column nope does not exist" });
    });
    expect(await broken.dataFor(admin, [layer], ctx)).toEqual({
      Other: { error: "Column nope does not exist" },
    });
  });

  it("runs the source chart's query with the overridden time range and maps its columns to series", async () => {
    let seen: QueryObject | undefined;
    const ok = service(async (_p, request) => {
      seen = request.queries[0];
      return [
        { colnames: ["ds", "count"], coltypes: [2, 0], data: [{ ds: "2020-01-01T00:00:00", count: 3 }] },
      ];
    });
    const out = await ok.dataFor(admin, [{ ...layer, overrides: { time_range: null } }], ctx);
    expect(out).toEqual({ Other: [{ key: "count", values: [{ x: "2020-01-01T00:00:00", y: 3 }] }] });
    expect(seen?.time_range).toBe("Last year");
    expect(seen?.annotation_layers).toEqual([]);
  });

  it("skips hidden layers and formulas", async () => {
    const never = service(async () => {
      throw new Error("should not run");
    });
    expect(
      await never.dataFor(
        admin,
        [
          { ...layer, show: false },
          { name: "f", annotationType: "FORMULA", sourceType: "", value: "x" },
        ],
        ctx,
      ),
    ).toEqual({});
  });
});

describe("overrides and series", () => {
  it("sets the range on TEMPORAL_RANGE filters and the grain on the x-axis", () => {
    const source: QueryObject = {
      columns: [{ columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", timeGrain: "P1D" }],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }],
    };
    const current: QueryObject = {
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2000-01-01 : 2001-01-01" }],
      extras: { time_grain_sqla: "P1M" },
    };
    const out = applyOverrides(source, { time_range: null, time_grain_sqla: null }, current);
    expect(out.filters?.[0].val).toBe("2000-01-01 : 2001-01-01");
    expect(out.extras?.time_grain_sqla).toBe("P1M");
    expect(out.columns?.[0]).toMatchObject({ timeGrain: "P1M" });
    expect(applyOverrides(source, { time_range: "Last week" }, current).filters?.[0].val).toBe("Last week");
    expect(applyOverrides(source, {}, current)).toEqual(source);
  });

  it("uses the temporal column as x and numeric columns as series", () => {
    expect(
      toAnnotationSeries({
        colnames: ["name", "ds", "a"],
        coltypes: [1, 2, 0],
        data: [{ name: "n", ds: "d", a: 1 }],
      }),
    ).toEqual([{ key: "a", values: [{ x: "d", y: 1 }] }]);
    expect(toAnnotationSeries({ data: [] })).toEqual([]);
  });
});
