import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_PURGE_SET, openRunsSet, reportLogType } from "@strata/core";
import { createBirthsByGenderTable, createChart, datasetId } from "../support/dashboard-fixtures.ts";
import { reportMinutes } from "../support/report-minutes.ts";
import { startHttpReceiver, startSmtpReceiver } from "../support/report-receivers.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hooks: Awaited<ReturnType<typeof startHttpReceiver>>;
let birth: number;
let db: number;
let chart: number;

const { slot, daily } = reportMinutes();
const tickAt = (d: Date) => s.runtime.core.reports.tick(new Date(d.getTime() + 5_000));

const create = async (body: Json) => {
  const res = await s.call("POST", "/api/v1/report/", { token: admin, body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).id as number;
};
/** `count` earlier runs of the report, ended at `at`, written straight to the store. */
const addEndedRuns = async (id: number, count: number, at: Date) => {
  const meta = s.runtime.core.deps.meta;
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) =>
        meta.create(
          reportLogType(id),
          {
            uuid: crypto.randomUUID(),
            report_id: id,
            slot_ms: at.getTime() - (i + j + 1) * 60_000,
            scheduled_dttm: at.toISOString(),
            start_dttm: at.toISOString(),
            end_dttm: at.toISOString(),
            state: "Success",
            error_message: null,
            value: null,
            value_row_json: null,
          },
          null,
          await meta.nextId("report_log"),
        ),
      ),
    );
};
const logs = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result as Json[];
/** Waits for the worker to end the run (a state other than Working). */
const settled = async (id: number, count = 1) => {
  await expect
    .poll(async () => (await logs(id)).filter((l) => l.state !== "Working").length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return logs(id);
};

beforeAll(async () => {
  [smtp, hooks] = await Promise.all([startSmtpReceiver(), startHttpReceiver()]);
  s = await startTestServer({
    examples: ["birth_names"],
    reports: {
      smtp: { host: "127.0.0.1", port: smtp.port, starttls: false, ssl: false },
      mailFrom: "reports@strata.test",
      baseUrl: "https://bi.example.com",
      webhookAllowPrivate: false,
    },
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
  chart = await createBirthsByGenderTable(s, admin, birth);
});
afterAll(async () => {
  await s.close();
  await Promise.all([smtp.close(), hooks.close()]);
});

describe("report delivery over SMTP", () => {
  it("sends a CSV report once per slot, even with two ticks at the same time", async () => {
    const at = slot();
    const id = await create({
      type: "Report",
      name: "Births CSV",
      crontab: daily(at),
      chart,
      report_format: "CSV",
      recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com" } }],
    });
    const ticks = await Promise.all([tickAt(at), tickAt(at)]);
    expect(ticks[0] + ticks[1]).toBe(1);
    expect(await tickAt(at)).toBe(0);
    const [log] = await settled(id);
    expect(log).toMatchObject({ state: "Success", error_message: null, scheduled_dttm: at.toISOString() });
    await expect.poll(() => smtp.mails.filter((m) => m.subject === "[Report] Births CSV").length).toBe(1);
    const mail = smtp.mails.find((m) => m.subject === "[Report] Births CSV")!;
    expect(mail.from?.text).toContain("reports@strata.test");
    expect(mail.html).toContain(`https://bi.example.com/explore/?slice_id=${chart}`);
    const csv = mail.attachments[0];
    expect(csv.filename).toBe("Births by gender.csv");
    const lines = csv.content.toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("gender,count");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["boy", "girl"]);
    // Let the worker settle before counting: still one message.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.subject === "[Report] Births CSV")).toHaveLength(1);
  });

  it("puts a TEXT report's rows in the body as an escaped table", async () => {
    const at = slot();
    const id = await create({
      type: "Report",
      name: "Births table",
      description: "<script>alert(1)</script> daily",
      crontab: daily(at),
      chart,
      report_format: "TEXT",
      recipients: [
        { type: "Email", recipient_config_json: { target: "ana@example.com", ccTarget: "bo@example.com" } },
      ],
    });
    expect(await tickAt(at)).toBe(1);
    expect((await settled(id))[0].state).toBe("Success");
    await expect.poll(() => smtp.mails.some((m) => m.subject === "[Report] Births table")).toBe(true);
    const mail = smtp.mails.find((m) => m.subject === "[Report] Births table")!;
    expect(mail.attachments).toHaveLength(0);
    expect(mail.html).toMatch(/<table[^>]*>.*gender.*boy.*girl/s);
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(JSON.stringify(mail.cc)).toContain("bo@example.com");
  });

  it("delivers a triggered alert with its value, and keeps a quiet one quiet", async () => {
    const at = slot();
    const alert = (name: string, op: string) =>
      create({
        type: "Alert",
        name,
        crontab: daily(at),
        database: db,
        sql: "SELECT COUNT(*) AS births FROM birth_names",
        validator_type: "operator",
        validator_config_json: { op, threshold: 0 },
        recipients: [{ type: "Email", recipient_config_json: { target: "ops@example.com" } }],
      });
    const loud = await alert("Births exist", ">");
    const quiet = await alert("Negative births", "<");
    expect(await tickAt(at)).toBe(2);
    const [fired] = await settled(loud);
    expect(fired.state).toBe("Success");
    expect(fired.value).toBeGreaterThan(0);
    expect(JSON.parse(fired.value_row_json)).toEqual({ births: fired.value });
    await expect.poll(() => smtp.mails.some((m) => m.subject === "[Alert] Births exist")).toBe(true);
    const mail = smtp.mails.find((m) => m.subject === "[Alert] Births exist")!;
    expect(mail.text).toContain(`Alert value: ${fired.value} (condition: value > 0)`);

    const [noop] = await settled(quiet);
    expect(noop).toMatchObject({ state: "Not triggered", value: fired.value });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.some((m) => m.subject === "[Alert] Negative births")).toBe(false);
    const detail = (await json(await s.call("GET", `/api/v1/report/${quiet}`, { token: admin }))).result;
    expect(detail).toMatchObject({ last_state: "Not triggered", last_value: fired.value });
  });

  it("logs Superset's error for an alert query with more than one row or column", async () => {
    const at = slot();
    const alert = (name: string, sql: string) =>
      create({
        type: "Alert",
        name,
        crontab: daily(at),
        database: db,
        sql,
        validator_type: "not null",
        recipients: [{ type: "Email", recipient_config_json: { target: "ops@example.com" } }],
      });
    const rows = await alert("Many rows", "SELECT DISTINCT gender FROM birth_names");
    const cols = await alert("Many columns", "SELECT 1 AS a, 2 AS b");
    expect(await tickAt(at)).toBe(2);
    expect((await settled(rows))[0]).toMatchObject({
      state: "Error",
      error_message: "Alert query returned more than one row. 2 rows returned",
    });
    expect((await settled(cols))[0]).toMatchObject({
      state: "Error",
      error_message: "Alert query returned more than one column. 2 columns returned",
    });
    expect(smtp.mails.some((m) => m.subject?.startsWith("[Alert] Many"))).toBe(false);
  });

  it("keeps a fired alert On Grace for its grace period", async () => {
    const first = slot();
    const second = slot();
    const id = await create({
      type: "Alert",
      name: "Graceful",
      // Two consecutive minutes (the hours listed too, in case they straddle one).
      crontab: `${first.getUTCMinutes()},${second.getUTCMinutes()} ${first.getUTCHours()},${second.getUTCHours()} * * *`,
      database: db,
      sql: "SELECT 1",
      validator_type: "not null",
      grace_period: 3600,
      recipients: [{ type: "Email", recipient_config_json: { target: "ops@example.com" } }],
    });
    expect(await tickAt(first)).toBe(1);
    expect((await settled(id))[0].state).toBe("Success");
    expect(await tickAt(second)).toBe(1);
    const rows = await settled(id, 2);
    expect(rows.map((r) => r.state)).toEqual(["On Grace", "Success"]);
    expect(smtp.mails.filter((m) => m.subject === "[Alert] Graceful")).toHaveLength(1);
  });

  it("stops a CSV report's query when the run's working timeout ends", async () => {
    // Seconds of engine work per gender (about 25 s on a 2-core machine), far past the timeout.
    const slow = {
      expressionType: "SQL",
      sqlExpression: "SUM(list_sum(range(num, num + 10000)))",
      label: "slow",
    };
    const slowChart = await createChart(s, admin, {
      name: "Slow births",
      vizType: "table",
      datasetId: birth,
      queryContext: {
        datasource: { id: birth, type: "table" },
        queries: [{ columns: ["gender"], metrics: [slow], row_limit: 100 }],
        result_format: "json",
        result_type: "full",
      },
    });
    const at = slot();
    const id = await create({
      type: "Report",
      name: "Slow CSV",
      crontab: daily(at),
      chart: slowChart,
      report_format: "CSV",
      working_timeout: 1,
      recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com" } }],
    });
    const started = performance.now();
    expect(await tickAt(at)).toBe(1);
    const [log] = await settled(id);
    expect(log.state).toBe("Error");
    expect(log.error_message).toMatch(/took longer than 1 s \(its working timeout\)/);
    // Without the stop, the run ended only once the query did.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(smtp.mails.find((m) => m.subject === "[Report] Slow CSV")).toBeUndefined();
    await s.call("PUT", `/api/v1/report/${id}`, { token: admin, body: { active: false } });
  });

  it("ends a run still Working past its working timeout as Error", async () => {
    const id = await create({
      type: "Report",
      name: "Stuck",
      active: false,
      crontab: "0 0 1 1 *",
      chart,
      report_format: "CSV",
      working_timeout: 60,
      recipients: [],
    });
    // A worker that died mid-run leaves its row Working (the runner opened it, then nothing).
    const meta = s.runtime.core.deps.meta;
    const started = new Date();
    await s.runtime.core.reports.runner.open(id, started.getTime(), started);
    // 200 earlier runs, ended: the tick's sweep reads none of them (it looks up the open runs,
    // and rows past the retention by key).
    await addEndedRuns(id, 200, started);
    const reads = meta.reads[reportLogType(id)] ?? 0;
    await s.runtime.core.reports.tick(new Date(started.getTime() + 30_000));
    expect((meta.reads[reportLogType(id)] ?? 0) - reads).toBe(0);
    expect((await meta.members(openRunsSet(id))).length).toBe(1);
    expect((await logs(id))[0].state).toBe("Working");
    await s.runtime.core.reports.tick(new Date(started.getTime() + 61_000));
    const rows = (
      await json(await s.call("GET", `/api/v1/report/${id}/log/?q=(page_size:1000)`, { token: admin }))
    ).result as Json[];
    expect(rows).toHaveLength(201);
    expect(rows.filter((r) => r.state === "Error")).toEqual([
      expect.objectContaining({ error_message: "Report Schedule reached a working timeout." }),
    ]);
    expect(rows.filter((r) => r.state === "Working")).toEqual([]);
    // Ended, and so no longer among the open runs.
    expect(await meta.members(openRunsSet(id))).toEqual([]);
    expect(
      (await json(await s.call("GET", `/api/v1/report/${id}`, { token: admin }))).result.last_state,
    ).toBe("Error");
    // Logs older than log_retention days (90 by default) are deleted by the tick. Every other
    // report is paused first, so these far-future ticks only sweep logs.
    const all = (await json(await s.call("GET", "/api/v1/report/?q=(page_size:100)", { token: admin })))
      .result;
    for (const r of all as Json[])
      await s.call("PUT", `/api/v1/report/${r.id}`, { token: admin, body: { active: false } });
    await s.runtime.core.reports.tick(new Date(started.getTime() + 89 * 86_400_000));
    const count = async () =>
      (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).count as number;
    expect(await count()).toBe(201);
    await s.runtime.core.reports.tick(new Date(started.getTime() + 91 * 86_400_000));
    expect(await count()).toBe(0);
    // Deleting the report takes its open runs' set with its log.
    await s.runtime.core.reports.runner.open(id, Date.now(), new Date());
    expect(await meta.members(openRunsSet(id))).toHaveLength(1);
    expect((await s.call("DELETE", `/api/v1/report/${id}`, { token: admin })).status).toBe(200);
    expect(await meta.members(openRunsSet(id))).toEqual([]);
  });

  it("deletes a deleted report's log over the next ticks, a bounded batch each", async () => {
    const id = await create({
      type: "Report",
      name: "Long-lived",
      active: false,
      crontab: "0 0 1 1 *",
      chart,
      report_format: "CSV",
      recipients: [],
    });
    const meta = s.runtime.core.deps.meta;
    const type = reportLogType(id);
    await addEndedRuns(id, 1_050, new Date());
    // The DELETE answers without reading the log: its time does not grow with the report's age.
    const reads = meta.reads[type] ?? 0;
    expect((await s.call("DELETE", `/api/v1/report/${id}`, { token: admin })).status).toBe(200);
    expect((meta.reads[type] ?? 0) - reads).toBe(0);
    expect((await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin })).status).toBe(404);
    const left = async () => (await meta.list(type)).length;
    const marked = async () => (await meta.members(LOG_PURGE_SET)).map((m) => m.member);
    expect(await marked()).toContain(String(id));
    // A tick deletes at most 1,000 of its rows; the next one the rest, and forgets the report.
    await s.runtime.core.reports.tick();
    expect(await left()).toBe(50);
    expect(await marked()).toContain(String(id));
    await s.runtime.core.reports.tick();
    expect(await left()).toBe(0);
    expect(await marked()).not.toContain(String(id));
  });

  it("refuses a webhook to a loopback address unless private targets are allowed", async () => {
    const at = slot();
    const id = await create({
      type: "Report",
      name: "Hook to loopback",
      crontab: daily(at),
      chart,
      report_format: "CSV",
      recipients: [
        { type: "Webhook", recipient_config_json: { target: `${hooks.url}/refused?token=secret` } },
        // A name is resolved and every address checked where the connection is made.
        {
          type: "Webhook",
          recipient_config_json: { target: `${hooks.url.replace("127.0.0.1", "localhost")}/named` },
        },
      ],
    });
    expect(await tickAt(at)).toBe(1);
    const [log] = await settled(id);
    expect(log.state).toBe("Error");
    expect(log.error_message).toContain("127.0.0.1 is a private address");
    expect(log.error_message).toMatch(/localhost resolves to a private address/);
    expect(log.error_message).not.toContain("token=secret");
    expect(hooks.posts).toHaveLength(0);
    // One log row read by id, as Superset's log endpoint allows.
    const one = await s.call("GET", `/api/v1/report/${id}/log/${log.id}`, { token: admin });
    expect((await json(one)).result).toMatchObject({ id: log.id, state: "Error", uuid: log.uuid });
  });

  it("refuses a Slack incoming webhook on a loopback address as it does webhooks", async () => {
    const at = slot();
    const id = await create({
      type: "Report",
      name: "Slack hook to loopback",
      crontab: daily(at),
      chart,
      report_format: "TEXT",
      recipients: [
        { type: "Slack", recipient_config_json: { target: `${hooks.url}/services/T1/B1/secret` } },
      ],
    });
    expect(await tickAt(at)).toBe(1);
    const [log] = await settled(id);
    expect(log.state).toBe("Error");
    expect(log.error_message).toBe(
      `Slack to ${hooks.url}: 127.0.0.1 is a private address; webhooks go to public hosts only.`,
    );
    expect(hooks.posts.filter((p) => p.path.startsWith("/services/"))).toHaveLength(0);
  });
});
