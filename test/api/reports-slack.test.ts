import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBirthsByGenderTable, datasetId } from "../support/dashboard-fixtures.ts";
import { reportMinutes } from "../support/report-minutes.ts";
import { startSlackReceiver } from "../support/slack-receiver.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const TOKEN = "xoxb-strata-test-token";
let s: TestServer;
let admin: string;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let chart: number;

const { slot, daily } = reportMinutes();

const logs = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result as Json[];

/** Creates a report on its own minute, ticks it, and waits for the worker to end the run. */
async function run(body: Json): Promise<Json> {
  const at = slot();
  const res = await s.call("POST", "/api/v1/report/", {
    token: admin,
    body: { type: "Report", chart, crontab: daily(at), ...body },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const id = (await json(res)).id as number;
  expect(await s.runtime.core.reports.tick(new Date(at.getTime() + 5_000))).toBe(1);
  await expect
    .poll(async () => (await logs(id)).some((l) => l.state !== "Working"), { timeout: 20_000 })
    .toBe(true);
  return (await logs(id)).find((l) => l.state !== "Working")!;
}

const slackTo = (target: string, type = "Slack") => ({ type, recipient_config_json: { target } });

beforeAll(async () => {
  slack = await startSlackReceiver({
    token: TOKEN,
    channels: { general: "C0GENERAL", "data-team": "C0DATA" },
  });
  s = await startTestServer({
    examples: ["birth_names"],
    reports: {
      mailFrom: "reports@strata.test",
      baseUrl: "https://bi.example.com",
      webhookAllowPrivate: true,
      slackToken: TOKEN,
      slackApiUrl: `${slack.url}/api`,
    },
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
  chart = await createBirthsByGenderTable(s, admin, await datasetId(s, admin, "birth_names"));
});
afterAll(async () => {
  await s.close();
  await slack.close();
});

describe("Slack delivery with a bot token", () => {
  it("says Slack channels and SlackV2 are available", async () => {
    const reply = await json(await s.call("GET", "/api/v1/report/notification_methods/", { token: admin }));
    expect(reply.result).toEqual({
      methods: ["Email", "Slack", "SlackV2", "Webhook"],
      slack: { bot_token: true, incoming_webhook: true },
    });
    expect((await s.call("GET", "/api/v1/report/notification_methods/")).status).toBe(401);
  });

  it("posts the message to each channel and uploads the CSV through Slack's upload flow", async () => {
    const log = await run({
      name: "Slack CSV",
      report_format: "CSV",
      recipients: [slackTo("#general, C0DATA")],
    });
    expect(log).toMatchObject({ state: "Success", error_message: null });
    const sent = slack.messages.filter((m) => m.text.includes("[Report] Slack CSV"));
    expect(sent.map((m) => m.channelId).sort()).toEqual(["C0DATA", "C0GENERAL"]);
    expect(sent[0].token).toBe(TOKEN);
    expect(sent[0].text).toContain(`<https://bi.example.com/explore/?slice_id=${chart}|Explore in Strata>`);
    const files = slack.shares.filter((f) => f.title === "Births by gender.csv");
    expect(files.map((f) => f.channelId).sort()).toEqual(["C0DATA", "C0GENERAL"]);
    const lines = files[0].bytes.toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("gender,count");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["boy", "girl"]);
  });

  it("puts a TEXT report's rows in the message, to a SlackV2 channel id", async () => {
    const shared = slack.shares.length;
    const log = await run({
      name: "Slack table",
      report_format: "TEXT",
      recipients: [slackTo("C0GENERAL", "SlackV2")],
    });
    expect(log.state).toBe("Success");
    const message = slack.messages.find((m) => m.text.includes("[Report] Slack table"))!;
    expect(message.channelId).toBe("C0GENERAL");
    expect(message.text).toMatch(/```gender\tcount\nboy\t\d+\ngirl\t\d+```/);
    expect(slack.shares.length).toBe(shared);
  });

  it("logs Slack's refusal (channel_not_found) as the run's error", async () => {
    const log = await run({ name: "Slack nowhere", report_format: "CSV", recipients: [slackTo("#nope")] });
    expect(log.state).toBe("Error");
    expect(log.error_message).toContain("Slack to #nope");
    expect(log.error_message).toContain("chat.postMessage refused: channel_not_found");
  });

  it("refuses a Slack recipient that names no channel", async () => {
    const res = await s.call("POST", "/api/v1/report/", {
      token: admin,
      body: {
        type: "Report",
        name: "No channel",
        chart,
        crontab: "0 9 * * *",
        report_format: "CSV",
        recipients: [slackTo(" , ;")],
      },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message.recipients).toEqual(["A Slack recipient needs at least one channel."]);
  });
});

describe("Slack delivery through an incoming webhook", () => {
  it("posts the text with a signed link to the file, which opens without a session", async () => {
    const target = `${slack.url}/services/T000/B000/good`;
    const log = await run({ name: "Slack hook", report_format: "CSV", recipients: [slackTo(target)] });
    expect(log).toMatchObject({ state: "Success", error_message: null });
    const hook = slack.hooks.find((h) => String(h.body.text).includes("[Report] Slack hook"))!;
    const text = String(hook.body.text);
    expect(text).toContain(`<https://bi.example.com/explore/?slice_id=${chart}|Explore in Strata>`);
    const link = /<(https:\/\/bi\.example\.com\/api\/v1\/report\/file\/[^|>]+)\|Births by gender\.csv>/.exec(
      text,
    )?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const file = await s.call("GET", url.pathname + url.search);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv");
    expect((await file.text()).split(/\r?\n/)[0]).toBe("gender,count");
  });

  it("logs the incoming webhook's refusal, showing only the URL's origin", async () => {
    const log = await run({
      name: "Slack bad hook",
      report_format: "TEXT",
      recipients: [slackTo(`${slack.url}/services/T000/B000/revoked-secret`)],
    });
    expect(log.state).toBe("Error");
    expect(log.error_message).toBe(`Slack to ${slack.url}: The webhook answered HTTP 404: no_service.`);
  });
});
