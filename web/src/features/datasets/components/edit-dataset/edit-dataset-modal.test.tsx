import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../../test/render";
import { EditDatasetModal } from "./edit-dataset-modal";
import { testDataset } from "./test-dataset";

afterEach(() => vi.unstubAllGlobals());

function setup(putStatus = 200, patch = {}) {
  const onClose = vi.fn();
  const api = fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/dataset/7" && init?.method === "PUT") {
      return putStatus === 200
        ? { body: { id: 7, result: {} } }
        : { status: putStatus, body: { message: "Stale write" } };
    }
    if (url.pathname === "/api/v1/dataset/7") return { body: { id: 7, result: testDataset(patch) } };
    if (url.pathname.startsWith("/api/v1/dataset/related/owners")) return { body: { count: 0, result: [] } };
    return { status: 404, body: { message: "Not found" } };
  });
  renderWithRouter(<EditDatasetModal datasetId={7} onClose={onClose} />);
  return { api, onClose };
}

const puts = (api: ReturnType<typeof setup>["api"]) =>
  api.fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");

describe("edit dataset modal", () => {
  it("is titled with the dataset name and saves after confirmation", async () => {
    const { api, onClose } = setup();
    expect(await screen.findByText("birth_names")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("SQL"), { target: { value: "SELECT 1 AS x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/affects all the charts using this dataset/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = puts(api)[0];
    expect(String(url)).toBe("/api/v1/dataset/7?override_columns=true");
    expect(JSON.parse(String((init as RequestInit).body)).sql).toBe("SELECT 1 AS x");
    expect(await screen.findByText("The dataset has been saved")).toBeInTheDocument();
    // PUT, then GET to reload.
    const after = api.fetch.mock.calls.slice(api.fetch.mock.calls.indexOf(puts(api)[0]) + 1);
    expect(
      after.some(([u, i]) => String(u) === "/api/v1/dataset/7" && (i as RequestInit).method === "GET"),
    ).toBe(true);
  });

  it("shows 'Error saving dataset', keeps the edits and re-enables Save on failure", async () => {
    const { onClose } = setup(409);
    await screen.findByText("birth_names");
    const textarea = screen.getByLabelText("Description");
    fireEvent.change(textarea, { target: { value: "my notes" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    expect(await screen.findByText("Error saving dataset")).toBeInTheDocument();
    expect(screen.getByText(/Stale write/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    expect(textarea).toHaveValue("my notes");
  });

  it("disables Save for externally managed datasets", async () => {
    setup(200, { is_managed_externally: true });
    await screen.findByText("birth_names");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(
      screen.getAllByText("This dataset is managed externally, and can't be edited in Strata").length,
    ).toBeGreaterThan(0);
  });
});
