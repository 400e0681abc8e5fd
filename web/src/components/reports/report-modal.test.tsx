import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { ReportModal } from "./report-modal";

const field = (test: string) => document.querySelector(`[data-test="${test}"]`) as HTMLInputElement;
const type = (test: string, value: string) => fireEvent.change(field(test), { target: { value } });

function open(answer: { status: number; body: unknown }, kind: "chart" | "dashboard" = "chart") {
  const posted: Record<string, unknown>[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
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
});
