import { Button, Menu } from "@mantine/core";
import type { MeRoles } from "@strata/contracts";
import { decodeRison } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "../../lib/auth/current-user";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { useReportMenu } from "./report-menu";
import type { ReportTarget } from "./use-my-reports";

const user = (roles: MeRoles["roles"]): MeRoles => ({
  id: 5,
  username: "ana",
  first_name: "Ana",
  last_name: "Lee",
  email: "ana@example.com",
  is_active: true,
  is_anonymous: false,
  roles,
});
const ALPHA = user({
  Alpha: [
    ["can_write", "ReportSchedule"],
    ["can_read", "ReportSchedule"],
  ],
});
const GAMMA = user({ Gamma: [["can_read", "Chart"]] });

function ChartMenu({ target }: { target: ReportTarget }) {
  const reports = useReportMenu(target);
  return (
    <>
      <Menu opened>
        <Menu.Target>
          <Button>menu</Button>
        </Menu.Target>
        <Menu.Dropdown>{reports.items}</Menu.Dropdown>
      </Menu>
      {reports.modals}
    </>
  );
}

const row = { id: 11, name: "Births report", active: true, type: "Report", recipients: [] };

function show(me: MeRoles, existing: unknown[]) {
  const api = fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/report/11" && init?.method === "DELETE") return { body: { message: "OK" } };
    if (url.pathname === "/api/v1/report/")
      return { body: { count: existing.length, ids: [], result: existing } };
    return { body: { count: 0, ids: [], result: [] } };
  });
  renderWithRouter(
    <CurrentUserProvider user={me}>
      <ChartMenu target={{ kind: "chart", id: 7, name: "Births" }} />
    </CurrentUserProvider>,
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe("the chart menu's email report entries", () => {
  it("asks for the current user's reports on this chart, and offers to set one up", async () => {
    const api = show(ALPHA, []);
    await screen.findByText("Set up an email report");
    const q = decodeRison(api.calls("/api/v1/report/")[0]) as { filters: unknown[] };
    expect(q.filters).toEqual(
      expect.arrayContaining([
        { col: "chart_id", opr: "eq", value: 7 },
        { col: "created_by", opr: "rel_o_m", value: 5 },
      ]),
    );
    fireEvent.click(screen.getByText("Set up an email report"));
    await screen.findByText("Schedule a new email report");
  });

  it("offers to pause, edit and delete the report the user already has", async () => {
    const api = show(ALPHA, [row]);
    await screen.findByText("Edit email report");
    expect(screen.queryByText("Set up an email report")).toBeNull();
    expect(screen.getByText("Pause email report")).toBeTruthy();
    fireEvent.click(screen.getByText("Delete email report"));
    fireEvent.change(await screen.findByLabelText('Type "DELETE" to confirm'), {
      target: { value: "DELETE" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(
        api.fetch.mock.calls.some(
          ([u, init]) => String(u).endsWith("/api/v1/report/11") && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
  });

  it("shows nothing to a user without the right to write reports", async () => {
    const api = show(GAMMA, []);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByText("Set up an email report")).toBeNull();
    expect(api.calls("/api/v1/report/")).toHaveLength(0);
  });
});
