import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBirthsByGenderTable, createRlsRule, datasetId } from "../support/dashboard-fixtures.ts";
import { reportMinutes } from "../support/report-minutes.ts";
import { startSmtpReceiver } from "../support/report-receivers.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Audit F3: the user a report runs as. Superset's owner executor takes the last editor if still an
 * owner, then the creator if still an owner, then the first owner; a co-owner who redirects a
 * report to themselves gets what they may read, not what its creator may.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let admin: string;
let alice: string;
let mallory: string;
let aliceId: number;
let malloryId: number;
let chart: number;

const { slot, daily } = reportMinutes();
const tickAt = (d: Date) => s.runtime.core.reports.tick(new Date(d.getTime() + 5_000));
const meId = async (token: string) =>
  (await json(await s.call("GET", "/api/v1/me/", { token }))).result.id as number;
const email = (target: string) => [{ type: "Email", recipient_config_json: { target } }];

/** Runs the report's next slot and returns the genders in the table mailed to `to`. */
async function runAndRead(id: number, at: Date, to: string, subject: string): Promise<string[]> {
  const sent = smtp.mails.length;
  expect(await tickAt(at)).toBe(1);
  await expect
    .poll(
      async () =>
        (
          (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result as Json[]
        ).some((l) => l.scheduled_dttm === at.toISOString() && l.state !== "Working"),
      { timeout: 20_000 },
    )
    .toBe(true);
  const logs = (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin })))
    .result as Json[];
  expect(logs.find((l) => l.scheduled_dttm === at.toISOString())?.state).toBe("Success");
  await expect.poll(() => smtp.mails.slice(sent).some((m) => m.subject === subject)).toBe(true);
  const mail = smtp.mails.slice(sent).find((m) => m.subject === subject)!;
  expect(JSON.stringify(mail.to)).toContain(to);
  return ["boy", "girl"].filter((g) => new RegExp(`<td[^>]*>\\s*${g}\\s*</td>`).test(mail.html || ""));
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
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
  const birth = await datasetId(s, admin, "birth_names");
  // Mallory reads birth_names like any Alpha, through a Regular rule that keeps only girls.
  await createRoleWith(s, admin, "girls_only", []);
  await createRlsRule(s, admin, {
    name: "mallory sees girls",
    filter_type: "Regular",
    tables: [birth],
    roles: ["girls_only"],
    clause: "gender = 'girl'",
  });
  alice = await userWithRoles(s, admin, "alice_exec", ["Alpha"]);
  mallory = await userWithRoles(s, admin, "mallory_exec", ["Alpha", "girls_only"]);
  [aliceId, malloryId] = await Promise.all([meId(alice), meId(mallory)]);
  chart = await createBirthsByGenderTable(s, alice, birth);
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

describe("the user a report runs as", () => {
  async function aliceReport(name: string, at: Date) {
    const res = await s.call("POST", "/api/v1/report/", {
      token: alice,
      body: {
        type: "Report",
        name,
        crontab: daily(at),
        chart,
        report_format: "TEXT",
        owners: [aliceId, malloryId],
        recipients: email("alice@example.com"),
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).id as number;
  }
  const put = async (token: string, id: number, body: Json) => {
    const res = await s.call("PUT", `/api/v1/report/${id}`, { token, body });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it("runs as its creator while the creator is its last editor", async () => {
    const at = slot();
    const id = await aliceReport("Executor: creator", at);
    expect(await runAndRead(id, at, "alice@example.com", "[Report] Executor: creator")).toEqual([
      "boy",
      "girl",
    ]);
  });

  it("runs as the co-owner who last edited it: a redirect does not carry the creator's access", async () => {
    const first = slot();
    const id = await aliceReport("Executor: redirected", first);
    await put(mallory, id, { recipients: email("mallory@example.com") });
    // Under Mallory's RLS rule the table holds girls only.
    expect(await runAndRead(id, first, "mallory@example.com", "[Report] Executor: redirected")).toEqual([
      "girl",
    ]);
    // Alice takes it back: her edit makes her the executor again.
    const second = slot();
    await put(alice, id, { crontab: daily(second), recipients: email("alice@example.com") });
    expect(await runAndRead(id, second, "alice@example.com", "[Report] Executor: redirected")).toEqual([
      "boy",
      "girl",
    ]);
  });

  it("falls back to the creator, then to the first owner, when the last editor is no owner", async () => {
    const first = slot();
    const id = await aliceReport("Executor: fallbacks", first);
    // Mallory edits, then the admin (not an owner) edits last: the creator, still an owner, runs it.
    await put(mallory, id, { recipients: email("mallory@example.com") });
    await put(admin, id, { description: "edited by an admin" });
    expect(await runAndRead(id, first, "mallory@example.com", "[Report] Executor: fallbacks")).toEqual([
      "boy",
      "girl",
    ]);
    // The admin leaves Mallory the only owner: neither the last editor nor the creator owns it.
    const second = slot();
    await put(admin, id, { crontab: daily(second), owners: [malloryId] });
    expect(await runAndRead(id, second, "mallory@example.com", "[Report] Executor: fallbacks")).toEqual([
      "girl",
    ]);
  });
});
