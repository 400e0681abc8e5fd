import { decodeRison } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import AlertsReportsPage from "./alerts-reports-page";

const ana = { id: 1, first_name: "Ana", last_name: "Lee" };
const row = (over: Record<string, unknown> = {}) => ({
  id: 4,
  type: "Report",
  name: "Daily births",
  description: null,
  active: true,
  crontab: "0 9 * * *",
  crontab_humanized: "Every day at 09:00",
  timezone: "UTC",
  creation_method: "charts",
  chart_id: 7,
  dashboard_id: null,
  database_id: null,
  last_state: "Success",
  last_eval_dttm: "2026-01-01T09:00:00Z",
  owners: [ana],
  recipients: [{ id: 1, type: "Email" }],
  created_by: ana,
  changed_by: ana,
  created_on: "2026-01-01T00:00:00Z",
  changed_on: "2026-01-01T00:00:00Z",
  changed_on_delta_humanized: "2 days ago",
  ...over,
});

function show(type: "Alert" | "Report", rows: unknown[]) {
  const puts: { url: string; body: unknown }[] = [];
  const api = fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/report/_info") return { body: { permissions: ["can_read", "can_write"] } };
    if (init?.method === "PUT") {
      puts.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      return { body: { id: 4, result: {} } };
    }
    if (url.pathname === "/api/v1/report/") return { body: { count: rows.length, ids: [], result: rows } };
    return { body: { count: 0, ids: [], result: [] } };
  });
  renderWithRouter(<AlertsReportsPage type={type} />, type === "Alert" ? "/alert/list/" : "/report/list/");
  return { api, puts };
}

afterEach(() => vi.unstubAllGlobals());

describe("Alerts & reports list", () => {
  it("lists one type per tab with its last run, schedule and notification method", async () => {
    const { api } = show("Report", [row()]);
    await screen.findByText("Daily births");
    expect(screen.getByText("Every day at 09:00")).toBeTruthy();
    expect(document.querySelector('[data-test="report-state"]')?.getAttribute("data-state")).toBe("Success");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByText("Ana Lee")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Daily births" }).getAttribute("href")).toBe("/report/4/log/");
    const q = decodeRison(api.calls("/api/v1/report/").find((c) => c.includes("filters"))!) as {
      filters: unknown[];
    };
    expect(q.filters).toContainEqual({ col: "type", opr: "eq", value: "Report" });
  });

  it("pauses a schedule from its Active toggle", async () => {
    const { puts } = show("Alert", [row({ type: "Alert", name: "Too few births" })]);
    await screen.findByText("Too few births");
    fireEvent.click(document.querySelector('[data-test="report-active-toggle"]') as HTMLElement);
    await waitFor(() => expect(puts).toEqual([{ url: "/api/v1/report/4", body: { active: false } }]));
  });

  it("opens the add modal from + Alert", async () => {
    show("Alert", []);
    fireEvent.click(await screen.findByRole("button", { name: "Alert" }));
    await screen.findByText("Add alert");
    expect(screen.getByText("Alert condition")).toBeTruthy();
  });
});
