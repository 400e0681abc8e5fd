import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";
import { type ListedChannel, startSlackReceiver } from "../support/slack-receiver.ts";

/**
 * `GET /api/v1/report/slack_channels/`: the report form's channel picker. The channels come from
 * a real HTTP server answering as Slack's `conversations.list` does (paged), through the bot token.
 */
type Json = Record<string, any>;
const TOKEN = "xoxb-strata-channels-token";

/** 2,400 channels: three of Slack's pages. A few private, a few archived. */
const LISTED: ListedChannel[] = [
  { id: "C0GENERAL", name: "general", is_member: true },
  { id: "C0DATA", name: "data-team", is_member: true },
  { id: "G0SECRET", name: "data-secret", is_private: true, is_member: true },
  { id: "C0OLD", name: "data-old", is_archived: true },
  ...Array.from({ length: 2_396 }, (_, i) => ({ id: `C1${String(i).padStart(6, "0")}`, name: `team-${i}` })),
];

let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let s: TestServer;
let admin: string;

const channels = async (token: string, q?: string) => {
  const res = await s.call("GET", `/api/v1/report/slack_channels/${q ? `?q=${encodeURIComponent(q)}` : ""}`, {
    token,
  });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  slack = await startSlackReceiver({ token: TOKEN, channels: { general: "C0GENERAL" }, listed: LISTED });
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
}, 120_000);
afterAll(async () => {
  await s?.close();
  await slack?.close();
});

describe("Slack channels for the report form", () => {
  it("lists every page of channels once, archived ones left out, and keeps the list", async () => {
    const { status, body } = await channels(admin);
    expect(status).toBe(200);
    expect(body.result).toHaveLength(2_399);
    expect(body.result[0]).toEqual({ id: "C0GENERAL", name: "general", is_member: true, is_private: false });
    expect(body.result.map((c: Json) => c.id)).not.toContain("C0OLD");
    expect(slack.listCalls).toHaveLength(3);
    expect(slack.listCalls[0].get("types")).toBe("public_channel,private_channel");
    expect(slack.listCalls[0].get("exclude_archived")).toBe("true");
    // Asked again, even by many at once: the kept list, no call to Slack.
    await Promise.all(Array.from({ length: 5 }, () => channels(admin, "(search_string:data)")));
    expect(slack.listCalls).toHaveLength(3);
  });

  it("searches names and ids, whole or in part, and by type", async () => {
    const ids = async (q: string) => (await channels(admin, q)).body.result.map((c: Json) => c.id).sort();
    expect(await ids("(search_string:data)")).toEqual(["C0DATA", "G0SECRET"]);
    expect(await ids("(search_string:'#general, c0data')")).toEqual(["C0DATA", "C0GENERAL"]);
    expect(await ids("(search_string:data,exact_match:!t)")).toEqual([]);
    expect(await ids("(search_string:data-team,exact_match:!t)")).toEqual(["C0DATA"]);
    expect(await ids("(search_string:data,types:!(private_channel))")).toEqual(["G0SECRET"]);
    expect(await ids("(search_string:data,types:!(public_channel))")).toEqual(["C0DATA"]);
    expect(await ids("(search_string:data,types:!(public_channel,private_channel))")).toEqual([
      "C0DATA",
      "G0SECRET",
    ]);
  });

  it("asks Slack again when forced", async () => {
    const before = slack.listCalls.length;
    // Within seconds of the last listing, a forced one reuses it (a button pressed twice).
    await new Promise((r) => setTimeout(r, 10_500));
    expect((await channels(admin, "(force:!t,search_string:general)")).body.result).toHaveLength(1);
    expect(slack.listCalls.length).toBe(before + 3);
  }, 30_000);

  it("answers bad arguments with a 400 naming them", async () => {
    for (const q of ["(types:!(dm))", "(exact_match:'yes')", "(other:1)", "(("]) {
      const { status, body } = await channels(admin, q);
      expect(status, q).toBe(400);
      expect(JSON.stringify(body), q).toMatch(/types|exact_match|other|rison/i);
    }
  });

  it("is for those who may read reports: not Gamma, not a guest, not anonymous", async () => {
    const gamma = await userWithRoles(s, admin, "slack_gamma", ["Gamma"]);
    expect((await channels(gamma)).status).toBe(403);
    const dataset = await datasetId(s, admin, "birth_names");
    const chart = await createChart(s, admin, {
      name: "Slack pie",
      datasetId: dataset,
      vizType: "pie",
      params: { viz_type: "pie", groupby: ["gender"], metric: "count" },
    });
    const dashboard = await createDashboard(s, admin, "Slack embedded", {
      published: true,
      position_json: oneRowLayout([chart]),
    });
    const guest = await guestTokenFor(s, admin, dashboard, { username: "slack-visitor" });
    const asGuest = await callAsGuest(s, guest, "GET", "/api/v1/report/slack_channels/");
    expect([401, 403]).toContain(asGuest.status);
    expect((await s.call("GET", "/api/v1/report/slack_channels/")).status).toBe(401);
  });
});

describe("Slack channels without a bot token", () => {
  let plain: TestServer;
  afterAll(() => plain?.close());

  it("says what to set, as a 422", async () => {
    plain = await startTestServer({ examples: [] });
    const token = await plain.login(ADMIN.username, ADMIN.password);
    const res = await plain.call("GET", "/api/v1/report/slack_channels/", { token });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).message).toContain("SLACK_API_TOKEN");
  }, 60_000);
});
