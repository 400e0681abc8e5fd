import type { DashboardTabs, ReportDetail } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { ReportModal } from "./report-modal";

const field = (test: string) => document.querySelector(`[data-test="${test}"]`) as HTMLInputElement;
const type = (test: string, value: string) => fireEvent.change(field(test), { target: { value } });
/** Types a channel into the Slack field (a tags input, with a bot token) and presses Enter. */
const addTag = (test: string, value: string) => {
  // The field takes what is typed into it while focused only (not autofill).
  field(test).focus();
  type(test, value);
  fireEvent.keyDown(field(test), { key: "Enter" });
};

/** A dashboard (id 7) with two tabs, the second holding one more. */
const TABS: DashboardTabs = {
  all_tabs: { "TAB-a": "First", "TAB-b": "Second", "TAB-b1": "Inner" },
  tab_tree: [
    { value: "TAB-a", title: "First", parents: [], children: [] },
    {
      value: "TAB-b",
      title: "Second",
      parents: [],
      children: [{ value: "TAB-b1", title: "Inner", parents: ["TAB-b"], children: [] }],
    },
  ],
};

function open(
  answer: { status: number; body: unknown },
  kind: "chart" | "dashboard" = "chart",
  slack?: { bot_token: boolean },
  tabs?: DashboardTabs,
) {
  const posted: Record<string, unknown>[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/dashboard/7/tabs" && tabs) return { body: { result: tabs } };
    if (url.pathname === "/api/v1/report/notification_methods/" && slack)
      return {
        body: {
          result: {
            methods: ["Email", "Slack", "Webhook"],
            slack: { bot_token: slack.bot_token, incoming_webhook: true },
          },
        },
      };
    if (url.pathname === "/api/v1/report/" && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      return answer;
    }
    return { body: { count: 0, ids: [], result: [] } };
  });
  const onClose = vi.fn();
  renderWithRouter(
    <ReportModal opened target={{ kind, id: 7, name: "Births" }} report={null} onClose={onClose} />,
  );
  return { posted, onClose };
}

afterEach(() => vi.unstubAllGlobals());

/** A stored chart report, as `GET /api/v1/report/{id}` gives it (configs as JSON text). */
function storedReport(recipients: [ReportDetail["recipients"][number]["type"], object][]): ReportDetail {
  return {
    id: 42,
    type: "Report",
    name: "Births daily",
    description: null,
    context_markdown: null,
    active: true,
    crontab: "0 9 * * *",
    timezone: "UTC",
    creation_method: "charts",
    chart: { id: 7, slice_name: "Births", viz_type: "table" },
    dashboard: null,
    database: null,
    report_format: "CSV",
    recipients: recipients.map(([type, cfg], i) => ({
      id: i + 1,
      type,
      recipient_config_json: JSON.stringify(cfg),
    })),
    working_timeout: 3600,
    grace_period: 14400,
    log_retention: 90,
    owners: [],
    force_screenshot: false,
    custom_width: null,
    extra: {},
    email_subject: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    last_state: "Not triggered",
    last_eval_dttm: null,
    last_value: null,
    last_value_row_json: null,
    webhook_signing_key: "k",
  };
}

/** Opens the modal on a stored report and records what a save PUTs. */
function edit(report: ReportDetail, slack?: { bot_token: boolean }, tabs?: DashboardTabs) {
  const put: Record<string, unknown>[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/dashboard/7/tabs" && tabs) return { body: { result: tabs } };
    if (url.pathname === "/api/v1/report/notification_methods/" && slack)
      return {
        body: {
          result: {
            methods: ["Email", "Slack", "Webhook"],
            slack: { bot_token: slack.bot_token, incoming_webhook: true },
          },
        },
      };
    if (url.pathname === `/api/v1/report/${report.id}` && init?.method === "PUT") {
      put.push(JSON.parse(String(init.body)));
      return { body: { id: report.id, result: {} } };
    }
    return { body: { count: 0, ids: [], result: [] } };
  });
  const onClose = vi.fn();
  renderWithRouter(
    <ReportModal
      opened
      target={{ kind: report.dashboard ? "dashboard" : "chart", id: 7, name: "Births" }}
      report={report}
      onClose={onClose}
    />,
  );
  return { put, onClose };
}

describe("report modal", () => {
  it("proposes '<chart> report' daily at 09:00 and posts a chart report with its recipients", async () => {
    const { posted, onClose } = open({ status: 201, body: { id: 1, result: {} } });
    expect(field("report-name").value).toBe("Births report");
    expect(field("schedule-crontab").value).toBe("0 9 * * *");
    // Chart formats: image, CSV, text; no PDF.
    expect(field("report-format-CSV")).toBeTruthy();
    expect(field("report-format-PDF")).toBeNull();
    fireEvent.click(field("report-format-CSV"));
    type("schedule-time", "17:30");
    type("report-recipients", "ana@example.com, bob@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({
      type: "Report",
      name: "Births report",
      chart: 7,
      creation_method: "charts",
      crontab: "30 17 * * *",
      report_format: "CSV",
      active: true,
      recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com, bob@example.org" } }],
    });
    expect(typeof posted[0].timezone).toBe("string");
  });

  it("checks the addresses before asking the server", async () => {
    const { posted } = open({ status: 201, body: { id: 1, result: {} } });
    type("report-recipients", "ana@example.com, bob@");
    fireEvent.blur(field("report-recipients"));
    await screen.findByText('"bob@" is not an email address.');
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(posted).toHaveLength(0);
  });

  it("shows the server's refusal on its field and stays open", async () => {
    const message = "This server renders CSV and TEXT reports today.";
    const { posted, onClose } = open({ status: 400, body: { message: { report_format: [message] } } });
    type("report-recipients", "ana@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await screen.findByText(message);
    expect(posted[0]).toMatchObject({ report_format: "PNG" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers image and PDF for a dashboard, and says what else the server refused", async () => {
    open({ status: 422, body: { message: { dashboard: ["Dashboard does not exist"] } } }, "dashboard");
    expect(field("report-format-PDF")).toBeTruthy();
    expect(field("report-format-CSV")).toBeNull();
    type("report-recipients", "ana@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(
      (await screen.findByText("Dashboard does not exist")).closest('[data-test="report-form-error"]'),
    ).toBeTruthy();
  });

  it("offers no Slack field when the server does not list Slack", async () => {
    open({ status: 201, body: { id: 1, result: {} } });
    await new Promise((r) => setTimeout(r, 20));
    expect(field("report-recipients-slack")).toBeNull();
  });

  it("takes a Slack incoming-webhook URL instead of email when the server has no bot token", async () => {
    const { posted, onClose } = open({ status: 201, body: { id: 1, result: {} } }, "chart", {
      bot_token: false,
    });
    await waitFor(() => expect(field("report-recipients-slack")).toBeTruthy());
    type("report-recipients-slack", "#general");
    await screen.findByText(/This server has no Slack bot token/);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(posted).toHaveLength(0);
    type("report-recipients-slack", "https://hooks.slack.com/services/T1/B1/x");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0].recipients).toEqual([
      { type: "Slack", recipient_config_json: { target: "https://hooks.slack.com/services/T1/B1/x" } },
    ]);
  });

  it("keeps a Webhook recipient (set on the alerts and reports page) when it saves an edit", async () => {
    const hook = { target: "https://hooks.example.com/strata" };
    const { put, onClose } = edit(
      storedReport([
        ["Email", { target: "ana@example.com" }],
        ["Webhook", hook],
      ]),
      { bot_token: true },
    );
    await waitFor(() => expect(field("report-recipients-slack")).toBeTruthy());
    expect(field("report-recipients").value).toBe("ana@example.com");
    type("report-recipients", "bob@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].recipients).toEqual([
      { type: "Email", recipient_config_json: { target: "bob@example.org" } },
      { type: "Webhook", recipient_config_json: hook },
    ]);
  });

  it("keeps Slack recipients when the server offers no Slack field, and needs no email then", async () => {
    const slackCfg = { target: "#data" };
    const { put, onClose } = edit(
      storedReport([
        ["Email", { target: "ana@example.com" }],
        ["SlackV2", slackCfg],
      ]),
    );
    expect(field("report-recipients-slack")).toBeNull();
    // The Slack recipient still takes the report, so clearing the addresses is allowed.
    type("report-recipients", "");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].recipients).toEqual([{ type: "SlackV2", recipient_config_json: slackCfg }]);
  });

  it("replaces the Slack recipients it shows rather than sending them twice", async () => {
    const { put, onClose } = edit(
      storedReport([
        ["Slack", { target: "#old" }],
        ["Webhook", { target: "https://hooks.example.com/x" }],
      ]),
      { bot_token: true },
    );
    await waitFor(() => expect(field("report-recipients-slack")).toBeTruthy());
    // Backspace in the empty field takes the last channel off.
    field("report-recipients-slack").focus();
    fireEvent.keyDown(field("report-recipients-slack"), { key: "Backspace" });
    addTag("report-recipients-slack", "#new");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].recipients).toEqual([
      { type: "Slack", recipient_config_json: { target: "#new" } },
      { type: "Webhook", recipient_config_json: { target: "https://hooks.example.com/x" } },
    ]);
  });

  it("sends Slack channels alongside email when the server has a bot token", async () => {
    const { posted, onClose } = open({ status: 201, body: { id: 1, result: {} } }, "chart", {
      bot_token: true,
    });
    await waitFor(() => expect(field("report-recipients-slack")).toBeTruthy());
    type("report-recipients", "ana@example.com");
    addTag("report-recipients-slack", "#general");
    addTag("report-recipients-slack", "#data");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0].recipients).toEqual([
      { type: "Email", recipient_config_json: { target: "ana@example.com" } },
      { type: "Slack", recipient_config_json: { target: "#general, #data" } },
    ]);
  });

  it("offers a dashboard's tabs, nested ones under their tab, and sends the chosen one as its anchor", async () => {
    const { posted, onClose } = open(
      { status: 201, body: { id: 1, result: {} } },
      "dashboard",
      undefined,
      TABS,
    );
    await waitFor(() => expect(field("report-dashboard-tab")).toBeTruthy());
    expect(field("report-dashboard-tab").value).toBe("");
    fireEvent.click(field("report-dashboard-tab"));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["First", "Second", "Second › Inner"]);
    fireEvent.click(screen.getByRole("option", { name: "Second › Inner" }));
    expect(field("report-dashboard-tab").value).toBe("Second › Inner");
    type("report-recipients", "ana@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({ dashboard: 7, extra: { dashboard: { anchor: "TAB-b1" } } });
  });

  it("offers no tab for a dashboard without tabs", async () => {
    const { posted, onClose } = open({ status: 201, body: { id: 1, result: {} } }, "dashboard", undefined, {
      all_tabs: {},
      tab_tree: [],
    });
    type("report-recipients", "ana@example.com");
    await new Promise((r) => setTimeout(r, 20));
    expect(field("report-dashboard-tab")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0].extra).toEqual({});
  });

  it("offers no tab for a chart, and leaves its extra alone", async () => {
    const { posted, onClose } = open({ status: 201, body: { id: 1, result: {} } }, "chart", undefined, TABS);
    type("report-recipients", "ana@example.com");
    await new Promise((r) => setTimeout(r, 20));
    expect(field("report-dashboard-tab")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0]).not.toHaveProperty("extra");
  });

  /** A stored report of dashboard 7 showing its tab "Second", with filters set on the dashboard. */
  const dataMask = { "NATIVE_FILTER-1": { filterState: { value: ["boy"] } } };
  const dashboardReport = (extra: Record<string, unknown>): ReportDetail => ({
    ...storedReport([["Email", { target: "ana@example.com" }]]),
    chart: null,
    dashboard: { id: 7, dashboard_title: "Births" },
    creation_method: "dashboards",
    report_format: "PDF",
    extra,
  });

  it("shows the stored tab on edit and saves another one with the rest of the dashboard's state", async () => {
    const { put, onClose } = edit(
      dashboardReport({ dashboard: { anchor: "TAB-b", dataMask }, note: 1 }),
      undefined,
      TABS,
    );
    await waitFor(() => expect(field("report-dashboard-tab")?.value).toBe("Second"));
    fireEvent.click(field("report-dashboard-tab"));
    fireEvent.click(await screen.findByRole("option", { name: "First" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].extra).toEqual({ dashboard: { anchor: "TAB-a", dataMask }, note: 1 });
  });

  it("takes the anchor out when the tab is cleared, and nothing else", async () => {
    const { put, onClose } = edit(
      dashboardReport({ dashboard: { anchor: "TAB-b", dataMask }, note: 1 }),
      undefined,
      TABS,
    );
    await waitFor(() => expect(field("report-dashboard-tab")?.value).toBe("Second"));
    // The clear button sits beside the input (aria-hidden, so not found by its role).
    const clear = field("report-dashboard-tab").parentElement?.querySelector("button") as HTMLElement;
    fireEvent.click(clear);
    expect(field("report-dashboard-tab").value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].extra).toEqual({ dashboard: { dataMask }, note: 1 });
  });

  it("lets go of a stored tab the dashboard no longer has", async () => {
    const { put, onClose } = edit(dashboardReport({ dashboard: { anchor: "TAB-gone" } }), undefined, TABS);
    await waitFor(() => expect(field("report-dashboard-tab")).toBeTruthy());
    expect(field("report-dashboard-tab").value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].extra).toEqual({});
  });
});
