import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSlackReceiver } from "../support/slack-receiver.ts";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * The report form's Slack field on a server with a bot token, in Chromium: it suggests the
 * workspace's channels (listed from a real HTTP server answering as Slack does), takes picked and
 * typed ones, and the report is saved with them.
 */
const TOKEN = "xoxb-strata-e2e-token";
let e: E2E;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let chartId: number;

beforeAll(async () => {
  slack = await startSlackReceiver({
    token: TOKEN,
    channels: {},
    listed: [
      { id: "C0GENERAL", name: "general" },
      { id: "C0DATA", name: "data-team" },
      { id: "G0SECRET", name: "data-secret", is_private: true },
      ...Array.from({ length: 300 }, (_, i) => ({ id: `C1${i}`, name: `team-${i}` })),
    ],
  });
  e = await startE2E(["birth_names"], {
    reports: {
      mailFrom: "reports@strata.test",
      baseUrl: "https://bi.example.com",
      webhookAllowPrivate: true,
      slackToken: TOKEN,
      slackApiUrl: `${slack.url}/api`,
    },
  });
  await logIn(e);
  const birth = await datasetIdOf(e, "birth_names");
  chartId = (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: "Births to Slack",
      viz_type: "table",
      datasource_id: birth,
      datasource_type: "table",
      params: JSON.stringify({
        datasource: `${birth}__table`,
        viz_type: "table",
        groupby: ["gender"],
        metrics: ["count"],
      }),
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await e?.close();
  await slack?.close();
});

describe("Slack channels in the report form", () => {
  it("suggests the workspace's channels as one types, and saves the picked and typed ones", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${chartId}`);
    await e.page.locator(dt("explore-actions")).click();
    await e.page.locator(dt("report-menu-set-up")).click();
    const modal = e.page.locator(dt("report-modal"));
    await modal.locator(dt("report-name")).waitFor();
    await modal.locator(dt("report-format-CSV")).check();
    const field = modal.locator(dt("report-recipients-slack"));
    await field.click();
    await field.pressSequentially("data");
    // Both channels whose names hold "data", private included; nothing else.
    const options = e.page.getByRole("option");
    await expect
      .poll(async () => (await options.allTextContents()).sort())
      .toEqual(["#data-secret", "#data-team"]);
    await e.page.getByRole("option", { name: "#data-team" }).click();
    // A channel the bot cannot list (one it was not invited to) can still be typed.
    await field.pressSequentially("#not-listed");
    await field.press("Enter");
    await modal.locator(dt("report-save")).click();
    await modal.locator(dt("report-name")).waitFor({ state: "detached" });
    const list = await apiCall<{ result: { id: number; name: string }[] }>(e, "GET", "/api/v1/report/");
    const id = list.result.find((r) => r.name === "Births to Slack report")!.id;
    const detail = await apiCall<{
      result: { recipients: { type: string; recipient_config_json: string }[] };
    }>(e, "GET", `/api/v1/report/${id}`);
    expect(detail.result.recipients.map((r) => [r.type, JSON.parse(r.recipient_config_json).target])).toEqual(
      [["Slack", "#data-team, #not-listed"]],
    );
    // One listing of the workspace, however much was typed.
    expect(slack.listCalls).toHaveLength(1);
  });
});
