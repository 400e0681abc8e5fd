import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Alerts & reports in Chromium: a chart report set up from Explore's menu, seen, paused, edited and
 * deleted from Settings → Alerts & reports; an alert added from its list and run by the minute
 * tick; and a Gamma user who never sees the page.
 */

let e: E2E;
let chartId: number;
const VIEWER = { username: "report_viewer", password: "viewer-password-123" };

interface Row {
  id: number;
  name: string;
  active: boolean;
}
const reports = async (type: "Report" | "Alert") =>
  (
    await apiCall<{ result: Row[] }>(
      e,
      "GET",
      `/api/v1/report/?q=${encodeURIComponent(`(filters:!((col:type,opr:eq,value:${type})))`)}`,
    )
  ).result;

async function choose(testId: string, option: string | RegExp) {
  await e.page.locator(dt(testId)).click();
  await e.page.getByRole("option", { name: option }).first().click();
}

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e);
  const birth = await datasetIdOf(e, "birth_names");
  chartId = (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: "Births by gender",
      viz_type: "table",
      datasource_id: birth,
      datasource_type: "table",
      params: JSON.stringify({
        datasource: `${birth}__table`,
        viz_type: "table",
        groupby: ["gender"],
        metrics: ["count"],
        row_limit: 100,
      }),
      query_context: JSON.stringify({
        datasource: { id: birth, type: "table" },
        queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 100 }],
      }),
    })
  ).id;
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    "/api/v1/security/roles/?q=(page_size:100)",
  );
  await apiCall(e, "POST", "/api/v1/security/users/", {
    username: VIEWER.username,
    first_name: "Report",
    last_name: "Viewer",
    email: "report_viewer@example.com",
    password: VIEWER.password,
    roles: roles.result.filter((r) => r.name === "Gamma").map((r) => r.id),
  });
}, 120_000);
afterAll(async () => {
  await e?.close();
});

describe("email reports of a chart", () => {
  it("sets up a CSV report from Explore's menu; the menu then manages it", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${chartId}`);
    await e.page.locator(dt("explore-actions")).click();
    await e.page.locator(dt("report-menu-set-up")).click();
    const modal = e.page.locator(dt("report-modal"));
    await modal.locator(dt("report-name")).waitFor();
    await expect(modal.locator(dt("report-name")).inputValue()).resolves.toBe("Births by gender report");
    await modal.locator(dt("report-format-CSV")).check();
    await modal.locator(dt("report-recipients")).fill("ana@example.com");
    await modal.locator(dt("report-save")).click();
    await modal.locator(dt("report-name")).waitFor({ state: "detached" });
    await expect
      .poll(async () => (await reports("Report")).map((r) => r.name))
      .toEqual(["Births by gender report"]);

    await e.page.locator(dt("explore-actions")).click();
    await e.page.locator(dt("report-menu-edit")).waitFor();
    await expect(e.page.locator(dt("report-menu-set-up")).count()).resolves.toBe(0);
    await e.page.keyboard.press("Escape");
  });

  it("offers a dashboard's report as an image or a PDF from the dashboard's menu", async () => {
    const dash = await apiCall<{ id: number }>(e, "POST", "/api/v1/dashboard/", {
      dashboard_title: "Births overview",
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dash.id}/`);
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("report-menu-set-up")).click();
    const modal = e.page.locator(dt("report-modal"));
    await expect.poll(() => modal.locator(dt("report-name")).inputValue()).toBe("Births overview report");
    await modal.locator(dt("report-format-PDF")).waitFor();
    await expect(modal.locator(dt("report-format-CSV")).count()).resolves.toBe(0);
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.locator(dt("report-name")).waitFor({ state: "detached" });
  });

  it("shows it in Settings → Alerts & reports, pauses it and opens its empty log", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await e.page.locator(dt("navbar-menu")).filter({ hasText: "Settings" }).click();
    await e.page.getByRole("menuitem", { name: "Alerts & reports" }).click();
    await e.page.waitForURL(/\/alert\/list\/$/);
    await e.page.locator(dt("reports-tab")).click();
    await e.page.waitForURL(/\/report\/list\/$/);
    const row = e.page.locator("tr").filter({ hasText: "Births by gender report" });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Every day at 09:00");

    await row.locator(dt("report-active-toggle")).click({ force: true });
    await expect.poll(async () => (await reports("Report"))[0].active).toBe(false);

    await row.locator(dt("execution-log")).click();
    await e.page.waitForURL(/\/report\/\d+\/log\/$/);
    await e.page.getByText("Births by gender report: execution log").waitFor();
    await e.page.locator(dt("empty-state")).waitFor();
    await e.page.locator(dt("execution-log-back")).click();
    await e.page.waitForURL(/\/report\/list\/$/);
  });

  it("edits the report from the list, then deletes it", async () => {
    const row = e.page.locator("tr").filter({ hasText: "Births by gender report" });
    await row.locator(dt("edit")).click();
    const modal = e.page.locator(dt("alert-modal"));
    await expect.poll(() => modal.locator(dt("alert-name")).inputValue()).toBe("Births by gender report");
    await modal.locator(dt("alert-name")).fill("Births, weekly");
    await modal.locator(dt("alert-save")).click();
    await modal.locator(dt("alert-name")).waitFor({ state: "detached" });
    await e.page.locator("tr").filter({ hasText: "Births, weekly" }).waitFor();

    await e.page.locator("tr").filter({ hasText: "Births, weekly" }).locator(dt("delete")).click();
    await e.page.locator(dt("delete-modal-input")).fill("DELETE");
    await e.page.locator(dt("delete-modal")).getByRole("button", { name: "Delete" }).click();
    await expect.poll(async () => (await reports("Report")).length).toBe(0);
    await e.page.locator(dt("empty-state")).waitFor();
  });
});

describe("alerts", () => {
  it("adds an alert with SQL and a condition; the minute tick runs it and its log shows the run", async () => {
    await e.page.goto(`${e.url}/alert/list/`);
    await e.page.locator(dt("alert-report-add")).click();
    const modal = e.page.locator(dt("alert-modal"));
    await modal.locator(dt("alert-name")).waitFor();
    await modal.locator(dt("alert-name")).fill("Births exist");
    await choose("alert-database", /examples/i);
    const editor = modal.locator(`${dt("alert-sql")} .cm-content`);
    await editor.click();
    await e.page.keyboard.insertText("SELECT 1");
    await choose("alert-condition", ">");
    await modal.locator(dt("alert-threshold")).fill("0");
    await modal.locator(dt("alert-recipients-email")).fill("ana@example.com");
    await modal.locator(dt("alert-save")).click();
    await modal.locator(dt("alert-name")).waitFor({ state: "detached" });
    const row = e.page.locator("tr").filter({ hasText: "Births exist" });
    await row.waitFor();
    const [alert] = await reports("Alert");
    expect(alert.name).toBe("Births exist");

    // The hourly default schedule is due an hour from now.
    await e.runtime.core.reports.tick(new Date(Date.now() + 3_600_000 + 60_000));
    await row.locator(dt("execution-log")).click();
    await e.page.waitForURL(new RegExp(`/alert/${alert.id}/log/$`));
    const states = async () => {
      await e.page.reload();
      await e.page
        .locator(`${dt("report-state")}, ${dt("empty-state")}`)
        .first()
        .waitFor();
      return e.page
        .locator(dt("report-state"))
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-state")));
    };
    await expect.poll(states, { timeout: 20_000 }).toEqual(["Success"]);
    await e.page.locator("td").filter({ hasText: /^1$/ }).first().waitFor();
  });
});

describe("Slack recipients", () => {
  it("adds an alert that goes to a Slack incoming webhook (this server has no bot token)", async () => {
    await e.page.goto(`${e.url}/alert/list/`);
    await e.page.locator(dt("alert-report-add")).click();
    const modal = e.page.locator(dt("alert-modal"));
    await modal.locator(dt("alert-name")).waitFor();
    await modal.locator(dt("alert-name")).fill("Births to Slack");
    await choose("alert-database", /examples/i);
    await modal.locator(`${dt("alert-sql")} .cm-content`).click();
    await e.page.keyboard.insertText("SELECT 1");
    const slack = modal.locator(dt("alert-recipients-slack"));
    // Channel names need the server's bot token: the field says so and nothing is saved.
    await slack.fill("#general");
    await modal.getByText(/This server has no Slack bot token/).waitFor();
    await modal.locator(dt("alert-save")).click();
    await modal.getByText(/This server has no Slack bot token/).waitFor();
    expect((await reports("Alert")).some((r) => r.name === "Births to Slack")).toBe(false);
    await slack.fill("https://hooks.slack.com/services/T1/B1/secret");
    await modal.locator(dt("alert-save")).click();
    await modal.locator(dt("alert-name")).waitFor({ state: "detached" });
    await e.page.locator("tr").filter({ hasText: "Births to Slack" }).waitFor();
    const id = (await reports("Alert")).find((r) => r.name === "Births to Slack")!.id;
    const detail = await apiCall<{
      result: { recipients: { type: string; recipient_config_json: string }[] };
    }>(e, "GET", `/api/v1/report/${id}`);
    expect(detail.result.recipients.map((r) => [r.type, JSON.parse(r.recipient_config_json).target])).toEqual(
      [["Slack", "https://hooks.slack.com/services/T1/B1/secret"]],
    );
  });
});

describe("permissions", () => {
  it("a Gamma user does not see Alerts & reports under Settings", async () => {
    await e.context.clearCookies();
    await e.page.goto(`${e.url}/login/?next=${encodeURIComponent("/superset/welcome/")}`);
    await e.page.getByLabel("Username").fill(VIEWER.username);
    await e.page.getByLabel("Password").fill(VIEWER.password);
    await e.page.getByRole("button", { name: /sign in|log in/i }).click();
    await e.page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await e.page.locator(dt("navbar-menu")).first().waitFor();
    // Settings shows only what the user may open; with nothing to show it is not drawn at all.
    const settings = e.page.locator(dt("navbar-menu")).filter({ hasText: "Settings" });
    if ((await settings.count()) > 0) {
      await settings.click();
      await e.page.getByRole("menu").waitFor();
    }
    await expect(e.page.getByRole("menuitem", { name: "Alerts & reports" }).count()).resolves.toBe(0);
  });
});
