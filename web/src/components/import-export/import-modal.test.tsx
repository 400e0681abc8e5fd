import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { ImportModal } from "./import-modal";

const issueCodes = [{ code: 1010, message: "Issue 1010" }];
const refusal = (extra: Record<string, unknown>) => ({
  status: 422,
  body: {
    message: "Error importing dashboard",
    errors: [
      {
        message: "Error importing dashboard",
        error_type: "GENERIC_COMMAND_ERROR",
        level: "warning",
        extra: { ...extra, issue_codes: issueCodes },
      },
    ],
  },
});

/** Renders the modal; each import call gets the next answer and its form is recorded. */
function setup(answers: { status: number; body: unknown }[]) {
  const sent: FormData[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/dashboard/import/" && init?.method === "POST") {
      sent.push(init.body as FormData);
      return answers[sent.length - 1] ?? { body: { message: "OK", warnings: [] } };
    }
    return { status: 404, body: { message: "Not found" } };
  });
  const onClose = vi.fn();
  const onImported = vi.fn();
  renderWithRouter(
    <ImportModal
      opened
      resource="dashboard"
      label="dashboard"
      plural="dashboards"
      onClose={onClose}
      onImported={onImported}
    />,
  );
  return { sent, onClose, onImported };
}

const submitButton = () => screen.getByRole("button", { name: /^(import|overwrite)$/i });

function chooseFile(name = "dashboard_export.zip") {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(["PK"], name, { type: "application/zip" })] } });
}

describe("import modal", () => {
  it("keeps Import disabled until a file is chosen", async () => {
    setup([]);
    expect(submitButton()).toBeDisabled();
    chooseFile();
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("asks for a database password, then resubmits with it", async () => {
    const { sent, onClose, onImported } = setup([
      refusal({ "databases/Warehouse.yaml": { _schema: ["Must provide a password for the database"] } }),
    ]);
    chooseFile();
    fireEvent.click(submitButton());
    await screen.findByText(/Secure Extra/);
    const field = document.querySelector(
      '[data-test="import-password-databases/Warehouse.yaml"]',
    ) as HTMLInputElement;
    expect(field).toBeRequired();
    fireEvent.change(field, { target: { value: "s3cret" } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(sent).toHaveLength(2);
    expect(sent[0].get("passwords")).toBe("{}");
    expect(JSON.parse(String(sent[1].get("passwords")))).toEqual({ "databases/Warehouse.yaml": "s3cret" });
    expect((sent[1].get("formData") as File).name).toBe("dashboard_export.zip");
    expect(sent[1].get("overwrite")).toBeNull();
    await screen.findByText("Dashboard imported");
  });

  it("asks to type OVERWRITE when the dashboard exists, then resubmits with overwrite=true", async () => {
    const { sent, onImported } = setup([
      refusal({ "dashboards/Births_1.yaml": "Dashboard already exists and `overwrite=true` was not passed" }),
    ]);
    chooseFile();
    fireEvent.click(submitButton());
    await screen.findByText(/You are importing one or more dashboards that already exist/);
    expect(submitButton()).toHaveTextContent("Overwrite");
    expect(submitButton()).toBeDisabled();
    const confirm = document.querySelector('[data-test="overwrite-modal-input"]') as HTMLInputElement;
    fireEvent.change(confirm, { target: { value: "overwr" } });
    expect(submitButton()).toBeDisabled();
    fireEvent.change(confirm, { target: { value: "overwrite" } });
    expect(submitButton()).toBeEnabled();
    fireEvent.click(submitButton());
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(sent[0].get("overwrite")).toBeNull();
    expect(sent[1].get("overwrite")).toBe("true");
  });

  it("toasts a final failure with each file's problem and stays open", async () => {
    const { onClose, onImported } = setup([
      refusal({ "charts/x.json": { uuid: ["Missing data for required field."] } }),
    ]);
    chooseFile("x.json");
    fireEvent.click(submitButton());
    await screen.findByText(/An error occurred while importing dashboard: Error importing dashboard/);
    expect(screen.getByText(/charts\/x.json: uuid: Missing data for required field/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onImported).not.toHaveBeenCalled();
  });

  it("refuses a file type the server does not read", async () => {
    setup([]);
    chooseFile("data.csv");
    await screen.findByText(/Choose a .zip, .yaml, .yml or .json file/);
    expect(submitButton()).toBeDisabled();
  });
});
