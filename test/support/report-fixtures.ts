import type { ReportSettings } from "@strata/core";
import { ADMIN, type TestServer } from "./server.ts";

/** Charts, dashboards and scheduled report runs on a test server, for report tests and benchmarks. */

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const smtpSettings = (port: number, webhookAllowPrivate = false): ReportSettings => ({
  smtp: { host: "127.0.0.1", port, starttls: false, ssl: false },
  mailFrom: "reports@strata.test",
  baseUrl: "https://bi.example.com",
  webhookAllowPrivate,
});

/**
 * Each report gets its own scheduled minute, from ten minutes ahead on: the runtime's real
 * minute timer never reaches them, and no report's slot falls in another's tick.
 */
const base = Math.floor(Date.now() / 60_000) * 60_000 + 10 * 60_000;
let nextSlot = 0;
const slot = () => new Date(base + nextSlot++ * 60_000);
const daily = (d: Date) => `${d.getUTCMinutes()} ${d.getUTCHours()} * * *`;

export async function reportSession(s: TestServer) {
  const admin = await s.login(ADMIN.username, ADMIN.password);
  const dataset = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0] as number;
  const call = async (method: string, path: string, body: Json, status: number) => {
    const res = await s.call(method, path, { token: admin, body });
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return json(res);
  };
  const post = async (path: string, body: Json) => (await call("POST", path, body, 201)).id as number;

  /**
   * A table (gender by `metric`) or a big number (`metric`) over birth_names, with its query context;
   * the metric is the dataset's count unless an ad-hoc one is given.
   */
  const chart = (
    name: string,
    kind: "table" | "big_number_total",
    dashboards: number[] = [],
    metric: string | Json = "count",
  ) =>
    post("/api/v1/chart/", {
      slice_name: name,
      viz_type: kind,
      datasource_id: dataset,
      datasource_type: "table",
      dashboards,
      params: JSON.stringify(
        kind === "table"
          ? { groupby: ["gender"], metrics: [metric], query_mode: "aggregate" }
          : { metric, subheader: "births" },
      ),
      query_context: JSON.stringify({
        datasource: { id: dataset, type: "table" },
        queries: [
          kind === "table"
            ? { columns: ["gender"], metrics: [metric], row_limit: 100 }
            : { metrics: [metric] },
        ],
        result_format: "json",
        result_type: "full",
      }),
    });

  /** A dashboard of `count` charts ("Chart number 1…"), three a row as its layout stores them. */
  async function dashboard(title: string, count: number, metric?: string | Json): Promise<number> {
    const id = await post("/api/v1/dashboard/", { dashboard_title: title });
    const layout: Json = {
      ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
      GRID_ID: { id: "GRID_ID", type: "GRID", children: [] },
      HEADER_ID: { id: "HEADER_ID", type: "HEADER", meta: { text: title } },
    };
    for (let i = 0; i < count; i++) {
      const chartId = await chart(
        `Chart number ${i + 1}`,
        i % 2 ? "big_number_total" : "table",
        [id],
        metric,
      );
      const row = `ROW-${Math.floor(i / 3)}`;
      if (!layout[row]) {
        layout.GRID_ID.children.push(row);
        layout[row] = { id: row, type: "ROW", children: [] };
      }
      layout[row].children.push(`CHART-${chartId}`);
      layout[`CHART-${chartId}`] = {
        id: `CHART-${chartId}`,
        type: "CHART",
        children: [],
        meta: { chartId, width: 4, height: 50 },
      };
    }
    await call("PUT", `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layout) }, 200);
    return id;
  }

  const logs = async (id: number) =>
    (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result as Json[];

  /** Creates a report on its own minute and ticks that minute; `tickedAt…` is when the tick began. */
  async function schedule(body: Json) {
    const at = slot();
    const id = await post("/api/v1/report/", { type: "Report", crontab: daily(at), ...body });
    const tickedAt = performance.now();
    const tickedAtMs = Date.now();
    const queued = await s.runtime.core.reports.tick(new Date(at.getTime() + 5_000));
    if (queued !== 1) throw new Error(`the tick queued ${queued} runs, not 1`);
    return { id, tickedAt, tickedAtMs };
  }

  /** The report's ended run (a state other than Working), if any. */
  const ended = async (id: number): Promise<Json | undefined> =>
    (await logs(id)).find((l) => l.state !== "Working");

  /** Waits for the worker to end the report's run; returns its log row. */
  async function settled(id: number, timeoutMs = 60_000): Promise<Json> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const done = await ended(id);
      if (done) return done;
      if (Date.now() > until) throw new Error(`report ${id} did not end within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return { admin, post, chart, dashboard, schedule, ended, settled };
}
