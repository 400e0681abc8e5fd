import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

const query = (over: Record<string, unknown> = {}) => ({
  columns: ["gender"],
  metrics: ["count"],
  orderby: [["gender", true]],
  row_limit: 100,
  ...over,
});
const request = (queries: Record<string, unknown>[], over: Record<string, unknown> = {}) => ({
  datasource: { id: birth, type: "table" },
  queries,
  result_format: "json",
  result_type: "full",
  ...over,
});
const post = (body: unknown) => s.call("POST", "/api/v1/chart/data", { token: admin, body });

/** A refusal in Superset's shape that names what to change, never a 500 or a stack. */
async function expectRefusal(res: Response, status: number, pattern: RegExp) {
  expect(res.status).toBe(status);
  const body = await json(res);
  const text = JSON.stringify(body);
  expect(text).toMatch(pattern);
  expect(text).not.toMatch(/at \w+ \(|node_modules|\/tmp\//);
  return body;
}

beforeAll(async () => {
  // A 1 MB reply cap so a plain 50,000-row request passes it; every other bound at its default.
  s = await startTestServer({ examples: ["birth_names"], chartData: { payloadMaxMb: 1 } });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("chart data: bounded work per request", () => {
  it("takes up to 5 query objects and refuses a sixth with a 400 that says so", async () => {
    const five = await post(request(Array.from({ length: 5 }, () => query())));
    expect(five.status).toBe(200);
    expect((await json(five)).result).toHaveLength(5);
    const body = await expectRefusal(
      await post(request(Array.from({ length: 6 }, () => query()))),
      400,
      /at most 5 queries; this one has 6/,
    );
    expect(body.message.queries).toBeDefined();
  });

  it("refuses a request whose row limits add up past the 100,000-row budget", async () => {
    // Each query alone is within Superset's SQL_MAX_ROW; together they are not.
    const raw = { columns: ["name", "num"], metrics: null, orderby: [], row_limit: 40_000 };
    await expectRefusal(
      await post(request([raw, raw, raw])),
      400,
      /asks for up to 120,000 rows over its queries; one request may read at most 100,000/,
    );
    // Time comparisons are queries too: 3 × 40,000 again.
    await expectRefusal(
      await post(request([{ ...query({ row_limit: 40_000 }), time_offsets: ["1 year ago", "2 years ago"] }])),
      400,
      /120,000 rows/,
    );
  });

  it("bounds post-processing operations, columns, metrics and time comparisons per query", async () => {
    const ops = Array.from({ length: 21 }, () => ({ operation: "sort", options: { by: "gender" } }));
    await expectRefusal(await post(request([query({ post_processing: ops })])), 400, /21 post-processing/);
    await expectRefusal(
      await post(request([query({ columns: Array.from({ length: 101 }, () => "gender"), orderby: [] })])),
      400,
      /Query 1 has 101 columns/,
    );
    await expectRefusal(
      await post(request([query({ metrics: Array.from({ length: 101 }, () => "count") })])),
      400,
      /101 metrics/,
    );
    await expectRefusal(
      await post(
        request([query({ time_offsets: Array.from({ length: 6 }, (_, i) => `${i + 1} years ago`) })]),
      ),
      400,
      /6 time comparisons/,
    );
  });

  it("refuses a reply past CHART_DATA_PAYLOAD_MAX_MB with 422 RESULT_TOO_LARGE_ERROR before building it", async () => {
    const raw = { columns: ["ds", "name", "gender", "state", "num"], metrics: null, orderby: [] };
    const small = await post(request([{ ...raw, row_limit: 1000 }]));
    expect(small.status).toBe(200);
    const body = await expectRefusal(
      await post(request([{ ...raw, row_limit: 50_000 }])),
      422,
      /The result is too large: its data passes the 1 MB/,
    );
    expect(body.errors[0].error_type).toBe("RESULT_TOO_LARGE_ERROR");
    // Two items that each fit but not together: the budget is the reply's, not the item's.
    const half = { ...raw, row_limit: 4000 };
    const each = JSON.stringify((await json(await post(request([half])))).result[0].data).length;
    expect(each).toBeLessThan(1024 * 1024);
    const copies = Math.ceil((1024 * 1024) / each) + 1;
    expect(copies).toBeLessThanOrEqual(5);
    const over = await post(
      request(Array.from({ length: copies }, (_, i) => ({ ...half, row_limit: 4000 + i }))),
    );
    expect(over.status).toBe(422);
  });

  it("sends a large reply as a stream of slices, never one string", async () => {
    const raw = { columns: ["ds", "name", "gender", "state", "num"], metrics: null, orderby: [] };
    const res = await post(request([{ ...raw, row_limit: 4000 }], { force: true }));
    expect(res.status).toBe(200);
    // In process the Response body is the server's own stream: one read per slice it wrote.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    expect(bytes).toBeGreaterThan(300 * 1024);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(300 * 1024);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(body.result[0].data).toHaveLength(4000);
    expect(body.result[0].rowcount).toBe(4000);
  });

  it("applies ROW_LIMIT to a query that sets no row limit", async () => {
    const res = await post(request([{ columns: ["name"], metrics: null, orderby: [], row_limit: null }], {}));
    // ROW_LIMIT (50,000) rows of names are over the 1 MB test cap: the default limit was applied
    // and then refused as too large, rather than reading the whole table.
    const item = res.status === 200 ? (await json(res)).result[0] : undefined;
    if (item) expect(item.rowcount).toBeLessThanOrEqual(50_000);
    else expect(res.status).toBe(422);
    const sql = (
      await json(
        await post(request([{ columns: ["name"], metrics: null, orderby: [] }], { result_type: "query" })),
      )
    ).result[0].query;
    expect(sql).toMatch(/LIMIT 50000/);
  });
});

describe("chart data: engine queries per instance (CHART_DATA_CONCURRENCY)", () => {
  let capped: TestServer;
  let token: string;
  let dataset: number;
  beforeAll(async () => {
    capped = await startTestServer({ chartData: { concurrency: 1, timeoutSec: 4 } });
    token = await capped.login(ADMIN.username, ADMIN.password);
    const db = await json(
      await capped.call("POST", "/api/v1/database/", {
        token,
        body: { database_name: "slots", engine: "duckdb", parameters: { path: "slots.duckdb" } },
      }),
    );
    // A cross join of 10^12 rows: counting it runs until the query's time limit stops it, while
    // its first row comes back at once.
    const ds = await json(
      await capped.call("POST", "/api/v1/dataset/", {
        token,
        body: {
          database: db.id,
          schema: "main",
          table_name: "endless",
          sql: "SELECT a.range AS i FROM range(1000000) a, range(1000000) b",
        },
      }),
    );
    dataset = ds.id;
  });
  afterAll(() => capped.close());

  it("a query past the cap waits for a running one to end, then runs", async () => {
    const send = (q: Record<string, unknown>) =>
      capped.call("POST", "/api/v1/chart/data", {
        token,
        body: {
          datasource: { id: dataset, type: "table" },
          queries: [q],
          result_format: "json",
          force: true,
        },
      });
    const finished: string[] = [];
    const endless = send({
      columns: [],
      metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }],
      orderby: [],
    }).then(async (res) => {
      finished.push("endless");
      return res;
    });
    // Sent well inside the count's 4 s and with time to spare after it: the quick query's own
    // limit runs from its request, and interrupting the count can take a moment on a busy machine.
    await new Promise((r) => setTimeout(r, 1500));
    const quick = send({ columns: ["i"], metrics: null, orderby: [], row_limit: 1 }).then(async (res) => {
      finished.push("quick");
      return res;
    });
    const [slow, fast] = await Promise.all([endless, quick]);
    // The endless count was stopped by its time limit; the one-row query, alone a matter of
    // milliseconds, only ran once the single slot was free again — and still within its own limit.
    await expectRefusal(slow, 400, /ran longer than the allowed time/);
    expect(fast.status, await fast.clone().text()).toBe(200);
    expect((await json(fast)).result[0].data).toHaveLength(1);
    expect(finished).toEqual(["endless", "quick"]);
  });
});
