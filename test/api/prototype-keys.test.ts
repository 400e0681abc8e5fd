import { encodeRison } from "@strata/contracts";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle, importForm } from "../support/import-bundles.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";
import { buildZip, readZipEntries } from "../support/zip-builder.ts";

/**
 * Request text that names a member of Object.prototype (`toString`, `constructor`, …) where the
 * server looks the text up in a table of its own: every such name must read as unknown, with the
 * 4xx any unknown name gets, never a 500 or an answer built from the inherited method.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const datasets = await json(await s.call("GET", "/api/v1/dataset/", { token: admin }));
  birth = datasets.result.find((d: Json) => d.table_name === "birth_names").id;
});
afterAll(() => s.close());

const PROTOTYPE_NAMES = ["hasOwnProperty", "valueOf", "constructor", "toString", "isPrototypeOf"];

/** The answer as text and JSON, after checking it is a client error in Superset's shape. */
async function clientError(res: Response, what: string): Promise<Json> {
  const text = await res.text();
  expect(res.status, `${what} → ${res.status} ${text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what} → ${text}`).toBeLessThan(500);
  const body = JSON.parse(text) as Json;
  expect(body.message ?? body.errors, what).toBeTruthy();
  expect(text, what).not.toMatch(/native code|\bat .+\.ts:\d+/);
  return body;
}

const q = (value: unknown) => encodeURIComponent(encodeRison(value));

describe("list endpoints", () => {
  /** Each resource with a related column it does offer. */
  const RESOURCES: [string, string][] = [
    ["dataset", "owners"],
    ["database", "created_by"],
    ["chart", "owners"],
    ["dashboard", "owners"],
    ["saved_query", "created_by"],
    ["report", "created_by"],
    ["annotation_layer", "created_by"],
    ["css_template", "created_by"],
    ["rowlevelsecurity", "roles"],
  ];

  it("answer 404 for a related column named like a prototype member, on every resource", async () => {
    for (const [resource, real] of RESOURCES) {
      for (const column of PROTOTYPE_NAMES) {
        const path = `/api/v1/${resource}/related/${column}`;
        const body = await clientError(await s.call("GET", path, { token: admin }), path);
        expect(body.message, path).toBe(`There is no related list for ${column}`);
      }
      // A real related column still answers.
      const ok = await s.call("GET", `/api/v1/${resource}/related/${real}`, { token: admin });
      expect(ok.status, resource).toBe(200);
    }
  });

  it("refuse a filter operator named like a prototype member instead of failing or matching all", async () => {
    for (const resource of ["dataset", "database", "chart", "dashboard"]) {
      for (const opr of [...PROTOTYPE_NAMES, "toLocaleString"]) {
        const path = `/api/v1/${resource}/?q=${q({ filters: [{ col: "id", opr, value: "x" }] })}`;
        const body = await clientError(await s.call("GET", path, { token: admin }), path);
        expect(String(body.message), path).toMatch(`Filter operator ${opr} is not supported`);
      }
    }
  });

  it("select nothing for select_columns named like prototype members", async () => {
    const path = `/api/v1/dataset/?q=${q({ select_columns: ["id", "constructor", "toString", "__proto__.x"] })}`;
    const res = await s.call("GET", path, { token: admin });
    expect(res.status).toBe(200);
    const body = await json(res);
    for (const row of body.result) expect(Object.keys(row)).toEqual(["id"]);
  });
});

describe("chart viz_type", () => {
  it("refuses the names of Object's own members, which every visualisation table would find", async () => {
    for (const viz_type of ["constructor", "__proto__"]) {
      const res = await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: { slice_name: "odd", viz_type, datasource_id: birth, datasource_type: "table" },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await json(res))).toContain("viz_type must be a visualization key");
    }
  });
});

describe("bulk delete", () => {
  async function newChart(name: string): Promise<number> {
    const res = await s.call("POST", "/api/v1/chart/", {
      token: admin,
      body: { slice_name: name, viz_type: "table", datasource_id: birth, datasource_type: "table" },
    });
    expect(res.status).toBe(201);
    return (await json(res)).id;
  }

  it("deletes each id once when the list repeats one", async () => {
    const a = await newChart("dup delete a");
    const b = await newChart("dup delete b");
    const res = await s.call("DELETE", `/api/v1/chart/?q=${q([a, a, b, a])}`, { token: admin });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).message).toBe("Deleted 2 charts");
    for (const id of [a, b]) {
      expect((await s.call("GET", `/api/v1/chart/${id}`, { token: admin })).status).toBe(404);
    }
  });

  it("still deletes nothing when one id is unknown", async () => {
    const a = await newChart("dup delete c");
    const res = await s.call("DELETE", `/api/v1/chart/?q=${q([a, a, 987654])}`, { token: admin });
    expect(res.status).toBe(404);
    expect((await s.call("GET", `/api/v1/chart/${a}`, { token: admin })).status).toBe(200);
  });
});

describe("chart data", () => {
  const query = (over: Json) => ({
    datasource: { id: birth, type: "table" },
    queries: [{ metrics: ["count"], row_limit: 10, ...over }],
    result_format: "json",
    result_type: "full",
  });
  const post = (body: unknown) => s.call("POST", "/api/v1/chart/data", { token: admin, body });

  it("refuses a time grain named like a prototype member, in extras and on a column", async () => {
    for (const grain of ["toString", "constructor", "hasOwnProperty", "valueOf"]) {
      const legacy = query({ is_timeseries: true, granularity: "ds", extras: { time_grain_sqla: grain } });
      const body = await clientError(await post(legacy), `time_grain_sqla ${grain}`);
      expect(JSON.stringify(body)).toContain(`Unknown time grain \\"${grain}\\"`);
      const axis = query({
        columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: grain }],
      });
      await clientError(await post(axis), `timeGrain ${grain}`);
    }
    const ok = await post(
      query({ is_timeseries: true, granularity: "ds", extras: { time_grain_sqla: "P1Y" } }),
    );
    expect(ok.status).toBe(200);
  });

  it("refuses a time range beyond the representable dates with a clear message, not the engine's", async () => {
    for (const range of [
      "Last 999999999 years",
      'DATEADD(DATETIME("now"), -300000, year) : now',
      "Last 200000 years",
      "2020-01-01T00:00:00+99:99 : now",
    ]) {
      const body = await clientError(
        await post(query({ filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: range }] })),
        range,
      );
      const text = JSON.stringify(body);
      expect(text, range).toMatch(/Time range out of bounds|UTC offset/);
      expect(text, range).not.toMatch(/NaN|Conversion Error/);
    }
  });

  it("refuses a time comparison shifted beyond them", async () => {
    const body = await clientError(
      await post(
        query({
          filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last year" }],
          time_offsets: ["99999999999 years ago"],
        }),
      ),
      "time_offsets",
    );
    expect(JSON.stringify(body)).toMatch(/Time range out of bounds/);
  });
});

describe("legacy chart data and post-processing", () => {
  const explore = (formData: Json) =>
    s.call("POST", "/superset/explore_json/", { token: admin, body: { form_data: formData } });

  it("reads a country_fieldtype named like a prototype member as unknown", async () => {
    const res = await explore({
      datasource: `${birth}__table`,
      viz_type: "world_map",
      entity: "state",
      country_fieldtype: "constructor",
      metric: "count",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // No country resolves: the cells stay as the data has them.
    const rows = (await json(res)).data as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.name === undefined)).toBe(true);
  });

  it("refuses a subdomain_granularity named like a prototype member", async () => {
    const res = await explore({
      datasource: `${birth}__table`,
      viz_type: "cal_heatmap",
      granularity_sqla: "ds",
      domain_granularity: "year",
      subdomain_granularity: "toString",
      metrics: ["count"],
    });
    const body = await clientError(res, "subdomain_granularity");
    expect(body.message).toBe("Unknown subdomain granularity: toString");
  });

  it("keeps a metric labelled toString through a rename that does not name it", async () => {
    const res = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: {
        datasource: { id: birth, type: "table" },
        queries: [
          {
            columns: ["gender"],
            metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "toString" }],
            post_processing: [{ operation: "rename", options: { columns: { gender: "g" } } }],
          },
        ],
        result_format: "json",
        result_type: "full",
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).result[0].colnames).toEqual(["g", "toString"]);
  });
});

describe("GET /api/v1/time_range/", () => {
  const evaluate = (value: unknown) => s.call("GET", `/api/v1/time_range/?q=${q(value)}`, { token: admin });

  it("answers 400 in Superset's shape for ranges, shifts and offsets out of bounds", async () => {
    for (const value of [
      "Last 999999999 years",
      'DATEADD(DATETIME("now"), -300000, year) : now',
      "Last 200000 years",
      [{ timeRange: "Last week", shift: "99999999999 years ago" }],
      [{ timeRange: "Last week", shift: "3000 years ago" }],
    ]) {
      const body = await clientError(await evaluate(value), JSON.stringify(value));
      expect(body.message).toMatch(
        /^Unexpected time range: Time range out of bounds: .*0001-01-01 to 9999-12-31/,
      );
      expect(body.message).not.toMatch(/NaN/);
    }
    for (const offset of ["+99:99", "+24:00", "-00:60"]) {
      const body = await clientError(await evaluate(`2020-01-01T00:00:00${offset} : now`), offset);
      expect(body.message).toMatch(/UTC offset .* is not between -23:59 and \+23:59/);
    }
  });

  it("still evaluates ranges near the edges and real offsets", async () => {
    const res = await evaluate("2020-01-01T00:00:00+23:59 : 9999-12-31");
    expect(res.status).toBe(200);
    expect((await json(res)).result[0]).toMatchObject({
      since: "2019-12-31T00:01:00",
      until: "9999-12-31T00:00:00",
    });
  });
});

describe("asset import", () => {
  /** An export of `resource` `id` as its root folder and files. */
  async function exported(resource: string, id: number) {
    const res = await s.call("GET", `/api/v1/${resource}/export/?q=${q([id])}`, { token: admin });
    expect(res.status).toBe(200);
    const entries = readZipEntries(new Uint8Array(await res.arrayBuffer()));
    const root = [...entries.keys()][0].split("/")[0];
    return { root, files: new Map([...entries].map(([n, t]) => [n.slice(root.length + 1), t])) };
  }
  const zipOf = (root: string, files: Map<string, string>) =>
    buildZip([...files].map(([name, data]) => ({ name: `${root}/${name}`, data })));

  async function someChart(): Promise<Json> {
    const charts = await json(await s.call("GET", "/api/v1/chart/?q=(page_size:100)", { token: admin }));
    return charts.result.find((c: Json) => c.viz_type !== "filter_box");
  }

  it("ignores a folder named like a prototype member, and keeps an unknown viz_type as it is", async () => {
    const chart = await someChart();
    const { root, files } = await exported("chart", chart.id);
    const chartFile = [...files.keys()].find((n) => n.startsWith("charts/"))!;
    const config = parse(files.get(chartFile)!);
    config.viz_type = "toString";
    config.params = { ...config.params, viz_type: "toString" };
    files.set(chartFile, stringify(config));
    files.set("constructor/x.yaml", "slice_name: x\n");
    files.set("toString/x.yaml", "slice_name: x\n");

    const res = await importBundle(
      s,
      admin,
      "chart",
      importForm(zipOf(root, files), "c.zip", { overwrite: "true" }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await json(await s.call("GET", `/api/v1/chart/${chart.id}`, { token: admin }))).result;
    expect(after.viz_type).toBe("toString");
    expect(JSON.parse(after.params).viz_type).toBe("toString");
  });

  it("answers 422, not 500, when only such folders are in the upload", async () => {
    const chart = await someChart();
    const { root } = await exported("chart", chart.id);
    const files = new Map([
      ["metadata.yaml", "version: 1.0.0\ntype: Slice\ntimestamp: '2024-01-01T00:00:00'\n"],
      ["constructor/x.yaml", "slice_name: x\n"],
    ]);
    const res = await importBundle(s, admin, "chart", importForm(zipOf(root, files), "c.zip"));
    expect(res.status, await res.clone().text()).toBe(422);
  });

  it("round-trips a dashboard whose label_colors name a series 'constructor'", async () => {
    const metadata = { label_colors: { constructor: "#ff0000", prototype: "#00ff00", boy: "#0000ff" } };
    const created = await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Prototype colours", json_metadata: JSON.stringify(metadata) },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (await json(created)).id;

    const { root, files } = await exported("dashboard", id);
    const res = await importBundle(
      s,
      admin,
      "dashboard",
      importForm(zipOf(root, files), "d.zip", { overwrite: "true" }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await json(await s.call("GET", `/api/v1/dashboard/${id}`, { token: admin }))).result;
    expect(JSON.parse(after.json_metadata).label_colors).toMatchObject(metadata.label_colors);
    expect(({} as Json).polluted).toBeUndefined();
  });

  it("still refuses a file whose keys lead to a prototype", async () => {
    const chart = await someChart();
    const { root, files } = await exported("chart", chart.id);
    const chartFile = [...files.keys()].find((n) => n.startsWith("charts/"))!;
    files.set(
      chartFile,
      `${files.get(chartFile)}\nextra:\n  constructor:\n    prototype:\n      polluted: true\n`,
    );
    const res = await importBundle(
      s,
      admin,
      "chart",
      importForm(zipOf(root, files), "c.zip", { overwrite: "true" }),
    );
    const body = await clientError(res, "constructor.prototype");
    expect(JSON.stringify(body)).toContain('the key \\"constructor.prototype\\" is not accepted');
    expect(({} as Json).polluted).toBeUndefined();
  });
});
