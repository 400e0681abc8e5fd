import { DUCKDB_DIALECT } from "@strata/engines";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { AppError } from "../errors.ts";
import { metricKey } from "./chart-query.ts";
import type { TemplateContextInput } from "./context.ts";
import { resolveMacroScope } from "./macro-scope.ts";
import { loadTemplating, renderSql } from "./render-sql.ts";
import { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from "./sandbox.ts";

beforeAll(() => loadTemplating());

function input(
  metrics: Record<string, string>,
  over: Partial<TemplateContextInput> = {},
): TemplateContextInput {
  return {
    user: { id: 7, username: "alice", email: null, roles: [] },
    dialect: DUCKDB_DIALECT,
    now: new Date("2024-03-15T10:00:00Z"),
    metrics: new Map(Object.entries(metrics)),
    ...over,
  };
}

const render = (sql: string, metrics: Record<string, string>, over?: Partial<TemplateContextInput>) =>
  renderSql(sql, input(metrics, over)).sql;

function refused(
  sql: string,
  metrics: Record<string, string>,
  limits?: TemplateLimits,
): { message: string; type: string } {
  try {
    renderSql(sql, input(metrics), limits);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.status).toBe(400);
    return { message: String(err.body.message), type: String(err.body.errors?.[0]?.error_type) };
  }
  throw new Error(`expected "${sql}" to be refused`);
}

describe("metric(): nested expansion", () => {
  it("expands metric() inside a metric's expression, recursively", () => {
    const metrics = {
      ":ratio": "{{ metric('total') }} / NULLIF({{ metric('rows') }}, 0)",
      ":total": "SUM({{ metric('amount') }})",
      ":amount": "price * qty",
      ":rows": "COUNT(*)",
    };
    expect(render("SELECT {{ metric('ratio') }}", metrics)).toBe(
      "SELECT SUM(price * qty) / NULLIF(COUNT(*), 0)",
    );
  });

  it("an unqualified metric() inside another dataset's metric names that dataset's metric", () => {
    const metrics = {
      [metricKey("doubled", 5)]: "{{ metric('base') }} * 2",
      [metricKey("base", 5)]: "SUM(x)",
      [metricKey("base", null)]: "SUM(y)",
    };
    expect(render("{{ metric('doubled', 5) }} + {{ metric('base') }}", metrics)).toBe("SUM(x) * 2 + SUM(y)");
  });

  it("request values in a nested metric stay literals, placed where they land in the whole SQL", () => {
    const metrics = { ":m": "SUM(CASE WHEN owner = {{ url_param('who') }} THEN 1 END)" };
    const request = { urlParams: { who: "x' OR 1=1 --" } };
    expect(render("{{ metric('m') }}", metrics, { request })).toBe(
      "SUM(CASE WHEN owner = 'x'' OR 1=1 --' THEN 1 END)",
    );
  });

  it("refuses a cycle with the path that closes it", () => {
    const cycle = refused("{{ metric('a') }}", {
      ":a": "{{ metric('b') }} + 1",
      ":b": "{{ metric('c') }}",
      ":c": "{{ metric('b') }}",
    });
    expect(cycle.type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(cycle.message).toContain("Cyclic metric macro detected: `b` → `c` → `b`.");
    expect(refused("{{ metric('self') }}", { ":self": "1 + {{ metric('self') }}" }).message).toMatch(
      /Cyclic metric macro detected: `self` → `self`/,
    );
  });

  it("a saved metric's own expression that comes back to it is a cycle from its first step", () => {
    const metrics = { ":a": "{{ metric('b') }} + 1", ":b": "{{ metric('a') }} * 2" };
    expect(() => renderSql("{{ metric('b') }} + 1", { ...input(metrics), metricName: "a" })).toThrow(
      /Cyclic metric macro detected: `a` → `b` → `a`/,
    );
  });

  it("bounds the nesting and the total work", () => {
    const chain = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`:m${i}`, i < 14 ? `{{ metric('m${i + 1}') }}` : "1"]),
    );
    expect(refused("{{ metric('m0') }}", chain).message).toMatch(/nest more than 10 levels deep/);
    // Each level fans out: the limits bound the whole render, not each nested one.
    const fan = (next: string) => `{% for i in range(200) %}{{ metric('${next}') }}{% endfor %}`;
    const wide = { ":a": fan("b"), ":b": fan("c"), ":c": fan("d"), ":d": "x" };
    const limits = { ...DEFAULT_TEMPLATE_LIMITS, maxSteps: 100_000 };
    expect(refused("{{ metric('a') }}", wide, limits).message).toMatch(/more than 100,000 steps/);
  });

  it("names the metric whose own template is malformed", () => {
    expect(refused("{{ metric('bad') }}", { ":bad": "SUM({{ x + }})" }).message).toMatch(
      /the metric `bad` has a malformed template/,
    );
  });
});

describe("resolveMacroScope", () => {
  const db = { id: 1, engine: "duckdb", database_name: "examples" } as DatabaseEntity;
  const dataset = (id: number, metrics: Record<string, string>) =>
    ({
      id,
      table_name: `t${id}`,
      schema: "main",
      sql: null,
      columns: [{ column_name: "x" }],
      metrics: Object.entries(metrics).map(([metric_name, expression]) => ({ metric_name, expression })),
    }) as unknown as DatasetEntity;

  it("follows metric() through metric expressions, each dataset read with the caller's access", async () => {
    const read: number[] = [];
    const datasets = new Map([
      [5, dataset(5, { doubled: "{{ metric('base') }} * 2", base: "SUM(x)" })],
      [6, dataset(6, { secret: "SUM(x)" })],
    ]);
    const scope = await resolveMacroScope(["{{ metric('outer') }}", "{{ metric('hidden', 6) }}"], {
      user: null,
      currentMetrics: [
        { metric_name: "outer", expression: "{{ metric('doubled', 5) }} + {{ metric('outer') }}" },
      ],
      readable: async (id) => {
        read.push(id);
        // The caller can't read dataset 6: its metrics stay unresolved ("not found").
        const ds = id === 6 ? undefined : datasets.get(id);
        return ds && { ds, db };
      },
      rls: async () => [],
      now: new Date(),
      maxRows: 10,
    });
    expect(Object.fromEntries(scope.metrics)).toEqual({
      [metricKey("outer", null)]: "{{ metric('doubled', 5) }} + {{ metric('outer') }}",
      [metricKey("doubled", 5)]: "{{ metric('base') }} * 2",
      [metricKey("base", 5)]: "SUM(x)",
    });
    // Each dataset is read once; a metric's dataset isn't compiled as a dataset() subquery.
    expect(read.sort()).toEqual([5, 6]);
    expect(scope.datasets.size).toBe(0);
    // What the render then says of a metric it can't expand.
    const say = (sql: string) => () =>
      renderSql(sql, { ...input({}), metrics: scope.metrics, metricDatasets: scope.metricDatasets });
    expect(say("{{ metric('hidden', 6) }}")).toThrow(/Dataset 6 not found!/);
    expect(say("{{ metric('nope', 5) }}")).toThrow(/Metric ``nope`` not found in t5\./);
    expect(say("{{ metric('missing') }}")).toThrow(/Metric ``missing`` not found\./);
    // `outer` names itself: resolved once, refused as a cycle when rendered.
    expect(say("{{ metric('outer') }}")).toThrow(/Cyclic metric macro detected: `outer` → `outer`/);
  });
});
