import type { DashboardTabs, ReportDetail } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { AlertModal } from "./alert-modal";

const field = (test: string) => document.querySelector(`[data-test="${test}"]`) as HTMLInputElement | null;

/** Dashboard 7 has two tabs, the second holding one more; dashboard 8 has none. */
const TABS: Record<string, DashboardTabs> = {
  7: {
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
  },
  8: { all_tabs: {}, tab_tree: [] },
};

const dataMask = { "NATIVE_FILTER-1": { filterState: { value: ["boy"] } } };

/** A stored report of dashboard 7 showing its tab "Second", as `GET /api/v1/report/5` gives it. */
const stored = {
  id: 5,
  type: "Report",
  name: "Births weekly",
  description: null,
  active: true,
  crontab: "0 9 * * 1",
  timezone: "UTC",
  creation_method: "alerts_reports",
  owners: [],
  chart: null,
  dashboard: { id: 7, dashboard_title: "Births" },
  database: null,
  report_format: "PDF",
  recipients: [{ id: 1, type: "Email", recipient_config_json: '{"target":"ana@example.com"}' }],
  log_retention: 90,
  working_timeout: 3600,
  grace_period: 14400,
  extra: { dashboard: { anchor: "TAB-b", dataMask } },
  sql: null,
  validator_type: null,
  validator_config_json: null,
} as unknown as ReportDetail;

/** Opens the Alerts & reports modal on the stored report and records what a save PUTs. */
function edit() {
  const put: Record<string, unknown>[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    const tabs = /^\/api\/v1\/dashboard\/(\d+)\/tabs$/.exec(url.pathname);
    if (tabs) return { body: { result: TABS[tabs[1]] } };
    if (url.pathname === "/api/v1/report/related/dashboard")
      return {
        body: {
          count: 2,
          result: [
            { value: 7, text: "Births" },
            { value: 8, text: "Sales" },
          ],
        },
      };
    if (url.pathname === "/api/v1/report/5" && init?.method === "PUT") {
      put.push(JSON.parse(String(init.body)));
      return { body: { id: 5, result: {} } };
    }
    if (url.pathname === "/api/v1/report/5") return { body: { id: 5, result: stored } };
    return { body: { count: 0, ids: [], result: [] } };
  });
  const onClose = vi.fn();
  renderWithRouter(<AlertModal type="Report" editing={5} onClose={onClose} />);
  return { put, onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe("alert / report modal: a dashboard's tab", () => {
  it("shows the stored tab and saves the one chosen, with the dashboard's other state", async () => {
    const { put, onClose } = edit();
    await waitFor(() => expect(field("alert-dashboard-tab")?.value).toBe("Second"));
    fireEvent.click(field("alert-dashboard-tab") as HTMLElement);
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["First", "Second", "Second › Inner"]);
    fireEvent.click(screen.getByRole("option", { name: "Second › Inner" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0]).toMatchObject({ dashboard: 7, extra: { dashboard: { anchor: "TAB-b1", dataMask } } });
  });

  it("forgets the tab when another dashboard (one without tabs) is chosen", async () => {
    const { put, onClose } = edit();
    await waitFor(() => expect(field("alert-dashboard-tab")?.value).toBe("Second"));
    fireEvent.click(field("alert-dashboard") as HTMLElement);
    fireEvent.click(await screen.findByRole("option", { name: "Sales" }));
    await waitFor(() => expect(field("alert-dashboard")?.value).toBe("Sales"));
    await new Promise((r) => setTimeout(r, 20));
    expect(field("alert-dashboard-tab")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put[0].dashboard).toBe(8);
    expect(put[0].extra).toEqual({ dashboard: { dataMask } });
  });
});
