import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestTokenFor, guestWithChart } from "../support/guest-tokens.ts";
import { horizonForm, SUM_NUM } from "../support/horizon-form.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Legacy explore_json with GLOBAL_ASYNC_QUERIES on, as Superset answers it: a 202 with the job
 * (unless every result is cached), an event naming `/superset/explore_json/data/{key}`, and there
 * the same `viz.py` payload the endpoint answers inline, for the job's owner only.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

const horizon = (over: Json = {}): Json => horizonForm(birth, { groupby: ["gender"], ...over });

const headersOf = (opts: { token?: string; guest?: string }): Record<string, string> => ({
  ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
  ...(opts.guest ? { "x-guesttoken": opts.guest } : {}),
});

function explore(formData: Json, opts: { token?: string; guest?: string; query?: string } = {}) {
  return Promise.resolve(
    s.app.request(`/superset/explore_json/${opts.query ?? ""}`, {
      method: "POST",
      headers: { ...headersOf(opts), "content-type": "application/json" },
      body: JSON.stringify({ form_data: formData }),
    }),
  );
}
const get = (path: string, opts: { token?: string; guest?: string } = {}) =>
  Promise.resolve(s.app.request(path, { headers: headersOf(opts) }));

/** The caller's event for a job, polled from `/api/v1/async_event/` as the SPA does. */
async function eventFor(jobId: string, opts: { token?: string; guest?: string }): Promise<Json> {
  let found: Json | undefined;
  await expect
    .poll(
      async () => {
        const res = await get("/api/v1/async_event/", opts);
        found = ((await json(res)).result as Json[]).find((e) => e.job_id === jobId);
        return found?.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/done|error/);
  return found!;
}

/** Posts, expects a 202, waits for the event and reads the result_url: the stored payload. */
async function viaJob(formData: Json, opts: { token?: string; guest?: string; query?: string }) {
  const queued = await explore(formData, opts);
  const job = await json(queued);
  expect(queued.status, JSON.stringify(job).slice(0, 400)).toBe(202);
  expect(Object.keys(job).sort()).toEqual([
    "channel_id",
    "errors",
    "job_id",
    "result_url",
    "status",
    "user_id",
  ]);
  expect(job.status).toBe("pending");
  expect(job.errors).toEqual([]);
  const event = await eventFor(job.job_id, opts);
  expect(event.status, JSON.stringify(event.errors)).toBe("done");
  expect(event.result_url).toBe(`/superset/explore_json/data/${job.job_id}`);
  expect(job.result_url).toBe(event.result_url);
  const res = await get(event.result_url, opts);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return { job, event, payload: await json(res) };
}

/** The payload minus what says whether it came from the cache. */
const cacheless = ({ is_cached, cached_dttm, ...rest }: Json) => rest;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const ds = (await s.runtime.core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  birth = ds.id;
}, 240_000);
afterAll(() => s?.close());

describe("explore_json as a job", () => {
  it("queues a legacy chart, stores viz.py's payload, and answers the same payload inline once cached", async () => {
    const fd = horizon();
    const { job, payload } = await viaJob(fd, { token: admin });
    expect(job.channel_id).toMatch(/^user-\d+$/);
    expect(payload.form_data).toEqual(fd);
    expect(payload.is_cached).toBe(false);
    expect(payload.query).toMatch(/^SELECT/);
    const keys = (payload.data as Json[]).map((series) => JSON.stringify(series.key));
    expect(keys.some((k) => k.includes("girl"))).toBe(true);
    expect(keys.some((k) => k.includes("boy"))).toBe(true);
    expect(payload.data[0].values.length).toBeGreaterThan(5);

    // Every result now cached: answered at once (200) with the payload the job stored.
    await s.runtime.core.chartData.flush();
    const inline = await explore(fd, { token: admin });
    expect(inline.status).toBe(200);
    const cached = await json(inline);
    expect(cached.is_cached).toBe(true);
    expect(cacheless(cached)).toEqual(cacheless(payload));

    // force=true skips the cache: queued again, and the same payload once more.
    const forced = await viaJob(fd, { token: admin, query: "?force=true" });
    expect(forced.job.job_id).not.toBe(job.job_id);
    expect(cacheless(forced.payload)).toEqual(cacheless(payload));
  });

  it("answers the job's owner only, and only at its own result_url", async () => {
    const { event, job } = await viaJob(horizon({ row_limit: 9_999 }), { token: admin });
    const alpha = await userWithRoles(s, admin, "ejasync-alpha", ["Alpha"]);
    expect((await get(event.result_url, { token: alpha })).status).toBe(404);
    expect([401, 404]).toContain((await get(event.result_url)).status);
    // The explore_json result is not a chart-data result, nor the other way round.
    expect((await get(`/api/v1/chart/data/${job.job_id}`, { token: admin })).status).toBe(404);
    const chartData = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: {
        datasource: { id: birth, type: "table" },
        queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 7 }],
      },
    });
    expect(chartData.status).toBe(202);
    const other = await json(chartData);
    const otherEvent = await eventFor(other.job_id, { token: admin });
    expect(otherEvent.result_url).toBe(`/api/v1/chart/data/${other.job_id}`);
    expect((await get(`/superset/explore_json/data/${other.job_id}`, { token: admin })).status).toBe(404);
    // Unknown and malformed keys.
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/superset/explore_json/data/${unknown}`, { token: admin })).status).toBe(404);
    expect((await get("/superset/explore_json/data/not-a-key", { token: admin })).status).toBe(404);
  });

  it("a modern viz type keeps the plain item with its form data", async () => {
    const fd = {
      datasource: `${birth}__table`,
      viz_type: "pie",
      groupby: ["gender"],
      metric: { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "count" },
      row_limit: 10,
    };
    const { payload } = await viaJob(fd, { token: admin });
    expect(payload.colnames).toEqual(["gender", "count"]);
    expect(payload.data).toHaveLength(2);
    expect(payload.form_data).toEqual(fd);
  });

  it("CSV stays an inline file", async () => {
    const res = await explore(horizon({ row_limit: 9_998 }), { token: admin, query: "?csv=true" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect((await res.text()).split("\n")[0]).toContain("gender");
  });

  it("refuses bad form data with a 400 before queueing anything", async () => {
    const cases: [Json, RegExp][] = [
      [{ viz_type: "cal_heatmap", metrics: [SUM_NUM] }, /Datetime column/],
      [{ viz_type: "deck_scatter" }, /spatial/],
      [
        { viz_type: "horizon", granularity_sqla: "ds", metrics: [{ expressionType: "SIMPLE" }] },
        /Invalid form data|metric/i,
      ],
    ];
    for (const [fd, message] of cases) {
      const res = await explore({ datasource: `${birth}__table`, ...fd }, { token: admin });
      const body = await json(res);
      expect(res.status, JSON.stringify(fd)).toBe(400);
      expect(String(body.message), JSON.stringify(fd)).toMatch(message);
    }
    const noSource = await explore({ viz_type: "horizon", metrics: [SUM_NUM] }, { token: admin });
    expect(noSource.status).toBe(400);
  });

  it("form data only the rows can show wrong ends as the job's error event, with nothing stored", async () => {
    const fd = {
      datasource: `${birth}__table`,
      viz_type: "deck_path",
      line_column: "name",
      line_type: "json",
      row_limit: 3,
    };
    const queued = await explore(fd, { token: admin });
    expect(queued.status).toBe(202);
    const job = await json(queued);
    const event = await eventFor(job.job_id, { token: admin });
    expect(event.status).toBe("error");
    expect(event.result_url).toBeNull();
    expect(event.errors[0].message).toMatch(/json path could not be read/);
    expect(event.errors[0].error_type).toBe("VIZ_GET_DF_ERROR");
    expect((await get(job.result_url, { token: admin })).status).toBe(404);
  });
});

describe("explore_json as a job for an embedded guest", () => {
  it("runs the dashboard's legacy chart as the guest; its result answers that guest only", async () => {
    const params = horizon({ row_limit: 5_000 });
    const {
      dashboardId: dashboard,
      chartId,
      guest,
    } = await guestWithChart(
      s,
      admin,
      "Async horizon",
      { name: "Births over time", vizType: "horizon", datasetId: birth, params },
      { rls: [{ clause: "gender = 'girl'" }] },
    );
    const fd = { ...params, slice_id: chartId };
    const { job, payload } = await viaJob(fd, { guest });
    expect(job.channel_id).toMatch(/^guest-/);
    expect(job.user_id).toBeNull();
    // Run in the worker with the token's RLS: girls only, and no SQL (it names the clauses).
    const keys = (payload.data as Json[]).map((series) => JSON.stringify(series.key));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.includes("girl"))).toBe(true);
    expect(payload.query).toBeNull();
    expect(JSON.stringify(payload)).not.toMatch(/SELECT|gender = 'girl'/);

    // The guest's event reaches no one else, and nobody else reads its result.
    const other = await guestTokenFor(s, admin, dashboard);
    const theirs = (await json(await get("/api/v1/async_event/", { guest: other }))).result as Json[];
    expect(theirs.some((e) => e.job_id === job.job_id)).toBe(false);
    const mine = (await json(await get("/api/v1/async_event/", { token: admin }))).result as Json[];
    expect(mine.some((e) => e.job_id === job.job_id)).toBe(false);
    expect((await get(job.result_url, { guest: other })).status).toBe(404);
    expect((await get(job.result_url, { token: admin })).status).toBe(404);

    // A query the chart does not make is refused before anything is queued.
    const wider = await explore({ ...fd, groupby: ["name"] }, { guest });
    expect(wider.status).toBe(403);
  });
});
