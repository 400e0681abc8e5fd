import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBirthsByGenderTable, datasetId } from "../support/dashboard-fixtures.ts";
import { reportMinutes } from "../support/report-minutes.ts";
import { startHttpReceiver } from "../support/report-receivers.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let alpha: string;
let hooks: Awaited<ReturnType<typeof startHttpReceiver>>;
let birth: number;
let db: number;
let chart: number;

const { slot, daily, quiet } = reportMinutes();
const tickAt = (d: Date) => s.runtime.core.reports.tick(new Date(d.getTime() + 5_000));

const report = (over: Json = {}): Json => ({
  type: "Report",
  name: "Daily births",
  crontab: quiet,
  timezone: "Europe/Paris",
  chart,
  report_format: "CSV",
  recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com" } }],
  ...over,
});
const post = (body: Json, token = admin) => s.call("POST", "/api/v1/report/", { token, body });
const count = async () =>
  (await json(await s.call("GET", "/api/v1/report/", { token: admin }))).count as number;
const logs = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result as Json[];
const settled = async (id: number) => {
  await expect
    .poll(async () => (await logs(id)).filter((l) => l.state !== "Working").length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  return logs(id);
};

beforeAll(async () => {
  hooks = await startHttpReceiver();
  // No SMTP server: emails go to DATA_DIR/outbox. Webhooks may reach this machine.
  s = await startTestServer({
    examples: ["birth_names"],
    reports: { mailFrom: "reports@strata.test", baseUrl: "http://localhost:8088", webhookAllowPrivate: true },
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
  alpha = await userWithRoles(s, admin, "reporter", ["Alpha"]);
  birth = await datasetId(s, admin, "birth_names");
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
  chart = await createBirthsByGenderTable(s, admin, birth);
});
afterAll(async () => {
  await s.close();
  await hooks.close();
});

describe("/api/v1/report/", () => {
  it("creates, reads, lists, edits and deletes a report with Superset's fields", async () => {
    // A fixed hour, to check its wording; this report is deleted before any test ticks.
    const res = await post(report({ description: "For marketing", log_retention: 30, crontab: "0 9 * * *" }));
    expect(res.status).toBe(201);
    const { id, result } = await json(res);
    expect(result).toMatchObject({
      id,
      type: "Report",
      name: "Daily births",
      description: "For marketing",
      active: true,
      crontab: "0 9 * * *",
      timezone: "Europe/Paris",
      creation_method: "alerts_reports",
      chart: { id: chart, slice_name: "Births by gender", viz_type: "table" },
      dashboard: null,
      database: null,
      report_format: "CSV",
      working_timeout: 3600,
      grace_period: 14400,
      log_retention: 30,
      last_state: "Not triggered",
      owners: [{ id: 1, first_name: expect.any(String), last_name: expect.any(String) }],
    });
    expect(JSON.parse(result.recipients[0].recipient_config_json)).toEqual({ target: "ana@example.com" });

    const list = await json(
      await s.call(
        "GET",
        `/api/v1/report/?q=(filters:!((col:type,opr:eq,value:Report),(col:created_by,opr:rel_o_m,value:1)))`,
        {
          token: admin,
        },
      ),
    );
    expect(list.result.map((r: Json) => r.id)).toContain(id);
    const row = list.result.find((r: Json) => r.id === id);
    expect(row).toMatchObject({
      crontab_humanized: "Every day at 09:00",
      recipients: [{ id: 1, type: "Email" }],
    });

    const put = await s.call("PUT", `/api/v1/report/${id}`, {
      token: admin,
      body: { name: "Daily births (FR)", active: false, report_format: "TEXT" },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).result).toMatchObject({
      name: "Daily births (FR)",
      active: false,
      report_format: "TEXT",
    });

    const info = await json(
      await s.call("GET", "/api/v1/report/_info?q=(keys:!(permissions))", { token: admin }),
    );
    expect(info.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
    const related = await json(await s.call("GET", "/api/v1/report/related/chart", { token: admin }));
    expect(related.result).toContainEqual({ value: chart, text: "Births by gender" });
    expect((await json(await s.call("GET", "/api/v1/report/related/database", { token: admin }))).count).toBe(
      1,
    );

    expect((await s.call("DELETE", `/api/v1/report/${id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/report/${id}`, { token: admin })).status).toBe(404);
    // The name is free again.
    const again = await post(report({ name: "Daily births (FR)" }));
    expect(again.status).toBe(201);
    const bulk = await s.call("DELETE", `/api/v1/report/?q=!(${(await json(again)).id})`, { token: admin });
    expect(await json(bulk)).toEqual({ message: "Deleted 1 report schedule" });
  });

  it("answers report lists from one read of the reports while none is written, and shows a write at once", async () => {
    // A dashboard's page asks for its report menu's report as it opens: a list of every report.
    const meta = s.runtime.core.deps.meta;
    const mine = `/api/v1/report/?q=(filters:!((col:chart_id,opr:eq,value:${chart})))`;
    const names = async () =>
      ((await json(await s.call("GET", mine, { token: admin }))).result as Json[]).map((r) => r.name).sort();
    const first = (await json(await post(report({ name: "Listed once" })))).id;
    expect(await names()).toContain("Listed once");
    // The store's index lags a write by a moment: a list is trusted for its stamp a second on.
    await new Promise((r) => setTimeout(r, 1100));
    await names();
    const reads = meta.reads.report_schedule ?? 0;
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 400));
      expect(await names()).toContain("Listed once");
    }
    expect(meta.reads.report_schedule ?? 0).toBe(reads);
    // Every write is seen by the next list: a create, an edit, a delete.
    const second = (await json(await post(report({ name: "Listed twice" })))).id;
    expect(await names()).toEqual(expect.arrayContaining(["Listed once", "Listed twice"]));
    const renamed = await s.call("PUT", `/api/v1/report/${first}`, {
      token: admin,
      body: { name: "Listed renamed" },
    });
    expect(renamed.status).toBe(200);
    expect(await names()).toEqual(expect.arrayContaining(["Listed renamed", "Listed twice"]));
    for (const id of [first, second])
      expect((await s.call("DELETE", `/api/v1/report/${id}`, { token: admin })).status).toBe(200);
    const left = await names();
    expect(left).not.toContain("Listed renamed");
    expect(left).not.toContain("Listed twice");
  });

  it("answers bad input with a 4xx naming the field, and creates nothing", async () => {
    const before = await count();
    const cases: [Json, number, string, string][] = [
      [report({ crontab: "every day" }), 400, "crontab", "not a valid schedule"],
      [report({ crontab: "0 0 9 * * *" }), 400, "crontab", "five cron fields"],
      [report({ timezone: "Mars/Olympus" }), 400, "timezone", "not a time zone"],
      [
        report({
          recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com, bob@" } }],
        }),
        400,
        "recipients",
        '"bob@" is not an email address.',
      ],
      [
        report({ recipients: [{ type: "Slack", recipient_config_json: { target: "#general" } }] }),
        400,
        "recipients",
        "Slack channels need a bot token on the server (set SLACK_API_TOKEN)",
      ],
      [
        report({ recipients: [{ type: "SlackV2", recipient_config_json: { target: "C0123" } }] }),
        400,
        "recipients",
        "use a Slack incoming-webhook URL",
      ],
      [
        report({ recipients: [{ type: "Webhook", recipient_config_json: { target: "ftp://x.org" } }] }),
        400,
        "recipients",
        "not an http(s) URL",
      ],
      [report({ chart: undefined, dashboard: 1 }), 400, "report_format", "PNG image or a PDF"],
      [report({ dashboard: 1, report_format: "PDF" }), 422, "chart", "not both"],
      [
        report({ chart: undefined, dashboard: 999_999, report_format: "PDF" }),
        422,
        "dashboard",
        "does not exist",
      ],
      [report({ chart: 999_999 }), 422, "chart", "Chart does not exist"],
      [report({ chart: undefined }), 422, "chart", "Must choose either a chart or a dashboard"],
      [
        report({ type: "Alert", sql: "SELECT 1", validator_type: "not null" }),
        422,
        "database",
        "Database is required",
      ],
      [
        report({ type: "Alert", database: db, sql: "DELETE FROM birth_names", validator_type: "not null" }),
        400,
        "sql",
        "one SELECT",
      ],
      [
        report({ type: "Alert", database: db, sql: "SELECT 1; SELECT 2", validator_type: "not null" }),
        400,
        "sql",
        "has 2",
      ],
      [
        report({ type: "Alert", database: db, sql: "SELECT 1" }),
        400,
        "validator_type",
        "not null or operator",
      ],
      [
        report({ type: "Alert", database: db, sql: "SELECT 1", validator_type: "operator" }),
        400,
        "validator_config_json",
        "op and a threshold",
      ],
      [
        report({ type: "Alert", database: 999, sql: "SELECT 1", validator_type: "not null" }),
        422,
        "database",
        "does not exist",
      ],
      [report({ owners: [999] }), 422, "owners", "Owners are invalid"],
      [report({ custom_width: 10 }), 400, "custom_width", "between 600px and 2400px"],
    ];
    for (const [body, status, field, words] of cases) {
      const res = await post(body);
      const reply = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(reply.message[field]?.join(" "), JSON.stringify(reply)).toContain(words);
    }
    expect(await count()).toBe(before);

    const first = await post(report({ name: "Unique" }));
    expect(first.status).toBe(201);
    const dup = await post(report({ name: "Unique" }));
    expect(dup.status).toBe(422);
    expect((await json(dup)).message.name).toEqual(['A report named "Unique" already exists']);
    // The same name is fine for an alert (unique per type).
    const alert = await post(
      report({ type: "Alert", name: "Unique", database: db, sql: "SELECT 1", validator_type: "not null" }),
    );
    expect(alert.status).toBe(201);
  });

  it("offers Slack through incoming webhooks only when the server has no Slack bot token", async () => {
    const reply = await json(await s.call("GET", "/api/v1/report/notification_methods/", { token: admin }));
    expect(reply.result).toEqual({
      methods: ["Email", "Slack", "Webhook"],
      slack: { bot_token: false, incoming_webhook: true },
    });
    const hook = await post(
      report({
        name: "Slack by hook",
        recipients: [
          { type: "Slack", recipient_config_json: { target: "https://hooks.slack.com/services/T1/B1/x" } },
        ],
      }),
    );
    expect(hook.status).toBe(201);
  });

  it("shows, changes and deletes a report only for its owners", async () => {
    const mine = (await json(await post(report({ name: "Mine" }), alpha))).id;
    const other = await userWithRoles(s, admin, "other_reporter", ["Alpha"]);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { name: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      expect((await s.call(method, `/api/v1/report/${mine}`, { token: other, body })).status, method).toBe(
        404,
      );
    }
    expect((await s.call("GET", `/api/v1/report/${mine}/log/`, { token: other })).status).toBe(404);
    expect((await s.call("DELETE", `/api/v1/report/?q=!(${mine})`, { token: other })).status).toBe(404);
    const theirs = await json(await s.call("GET", "/api/v1/report/", { token: other }));
    expect(theirs.result.map((r: Json) => r.id)).not.toContain(mine);
    // The owner and Admin do see it.
    expect((await s.call("GET", `/api/v1/report/${mine}`, { token: alpha })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/report/${mine}`, { token: admin })).status).toBe(200);
    // Gamma has no reports at all, as in Superset.
    const gamma = await userWithRoles(s, admin, "gamma_reader", ["Gamma"]);
    expect((await s.call("GET", "/api/v1/report/", { token: gamma })).status).toBe(403);
    expect((await post(report({ name: "Gamma's" }), gamma)).status).toBe(403);
  });

  it("applies an edit and a delete made while a run notes its state on the report", async () => {
    const id = (await json(await post(report({ name: "Edited mid-run" })))).id;
    const { meta } = s.runtime.core.deps;
    const { runner } = s.runtime.core.reports;
    // Between the request's read of the report and its write, a run notes its state (a real run
    // does so when it starts and when it ends, whenever that falls).
    const noteRunBeforeFirstWrite = <F extends (...args: any[]) => Promise<unknown>>(write: F): F => {
      let raced = false;
      return (async (...args: any[]) => {
        const [type, current, , actor] = args;
        if (type === "report_schedule" && current.id === id && actor !== null && !raced) {
          raced = true;
          await runner.setLastState(id, { last_state: "Success" });
        }
        return write.apply(meta, args);
      }) as F;
    };
    const { update, delete: remove } = meta;
    meta.update = noteRunBeforeFirstWrite(update);
    meta.delete = noteRunBeforeFirstWrite(remove);
    try {
      const put = await s.call("PUT", `/api/v1/report/${id}`, {
        token: admin,
        body: { description: "Changed during a run" },
      });
      expect(put.status, await put.clone().text()).toBe(200);
      // Both writes stand: the user's field and the run's state.
      const { result } = await json(await s.call("GET", `/api/v1/report/${id}`, { token: admin }));
      expect(result).toMatchObject({ description: "Changed during a run", last_state: "Success" });

      const del = await s.call("DELETE", `/api/v1/report/${id}`, { token: admin });
      expect(del.status, await del.clone().text()).toBe(200);
      expect((await s.call("GET", `/api/v1/report/${id}`, { token: admin })).status).toBe(404);
    } finally {
      meta.update = update;
      meta.delete = remove;
    }
  });

  it("refuses a chart or database the caller cannot read, as if it did not exist", async () => {
    await createRoleWith(s, admin, "Reports only", [
      ["can_read", "ReportSchedule"],
      ["can_write", "ReportSchedule"],
      ["can_read", "Chart"],
      ["can_read", "Database"],
    ]);
    const limited = await userWithRoles(s, admin, "reports_only", ["Reports only"]);
    const res = await post(report({ name: "Not my chart" }), limited);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toEqual({ chart: ["Chart does not exist"] });
    const alert = await post(
      report({
        type: "Alert",
        name: "Not my db",
        chart: undefined,
        database: db,
        sql: "SELECT 1",
        validator_type: "not null",
      }),
      limited,
    );
    expect(alert.status).toBe(422);
    expect((await json(alert)).message).toEqual({ database: ["Database does not exist"] });
    const related = await json(await s.call("GET", "/api/v1/report/related/chart", { token: limited }));
    expect(related.result).toEqual([]);
  });

  it("writes the email to DATA_DIR/outbox when no mail server is configured", async () => {
    const at = slot();
    const id = (
      await json(await post(report({ name: "To the outbox", crontab: daily(at), timezone: "UTC" })))
    ).id;
    expect(await tickAt(at)).toBe(1);
    const [log] = await settled(id);
    expect(log.state).toBe("Success");
    const file = /outbox as ([0-9a-f-]{36}\.eml)/.exec(log.error_message)?.[1];
    expect(file, log.error_message).toBeDefined();
    expect(log.error_message).not.toContain(s.dataDir);
    const path = join(s.dataDir, "outbox", file!);
    expect(existsSync(path)).toBe(true);
    const eml = readFileSync(path, "utf8");
    expect(eml).toContain("Subject: [Report] To the outbox");
    expect(eml).toContain("To: ana@example.com");
    expect(eml).toContain('filename="Births by gender.csv"');
  });

  it("posts a signed webhook with the CSV when private targets are allowed", async () => {
    const at = slot();
    const id = (
      await json(
        await post(
          report({
            name: "Hooked",
            crontab: daily(at),
            timezone: "UTC",
            recipients: [{ type: "Webhook", recipient_config_json: { target: `${hooks.url}/hook` } }],
          }),
        ),
      )
    ).id;
    expect(await tickAt(at)).toBe(1);
    expect((await settled(id))[0]).toMatchObject({ state: "Success", error_message: null });
    const hit = hooks.posts.find((p) => p.path === "/hook")!;
    expect(hit).toBeDefined();
    const key = (await json(await s.call("GET", `/api/v1/report/${id}`, { token: admin }))).result
      .webhook_signing_key;
    const expected = `sha256=${createHmac("sha256", key).update(hit.body).digest("hex")}`;
    expect(hit.headers["x-strata-signature"]).toBe(expected);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      name: "Hooked",
      type: "Report",
      state: "Scheduled",
      url: `http://localhost:8088/explore/?slice_id=${chart}`,
      value: null,
    });
    const csv = Buffer.from(body.attachment.base64, "base64").toString("utf8");
    expect(csv.split(/\r?\n/)[0]).toBe("gender,count");
    expect(csv).toContain("girl");
    // Another report's key does not verify it.
    const otherKey = createHmac("sha256", "not-the-key").update(hit.body).digest("hex");
    expect(hit.headers["x-strata-signature"]).not.toBe(`sha256=${otherKey}`);
  });
});
