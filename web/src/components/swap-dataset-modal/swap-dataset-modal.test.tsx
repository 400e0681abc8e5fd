import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { SwapDatasetModal } from "./swap-dataset-modal";

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, name: string) => ({
  id,
  table_name: name,
  kind: "physical",
  schema: "main",
  database: { id: 1, database_name: "examples" },
  owners: [],
  changed_on_delta_humanized: "now",
});

describe("swap dataset modal", () => {
  it("searches, warns on pick, and reports {id}__table on proceed", async () => {
    const api = fakeFetch((url) => {
      if (url.pathname === "/api/v1/dataset/")
        return { body: { count: 2, ids: [3, 4], result: [row(3, "flights"), row(4, "birth_names")] } };
      if (url.pathname === "/api/v1/dataset/4")
        return { body: { id: 4, result: { ...row(4, "birth_names"), columns: [], metrics: [] } } };
      return { status: 404, body: { message: "Not found" } };
    });
    const onChange = vi.fn();
    renderWithRouter(
      <SwapDatasetModal opened onClose={() => {}} currentDatasetId={3} onDatasetChange={onChange} />,
    );
    expect(await screen.findByText("birth_names")).toBeInTheDocument();
    expect(screen.queryByText("flights")).toBeNull();
    for (const header of ["Name", "Type", "Schema", "Connection", "Owners"])
      expect(screen.getByText(header)).toBeInTheDocument();

    fireEvent.change(screen.getByRole("textbox", { name: "Search datasets" }), {
      target: { value: "birth" },
    });
    await waitFor(() =>
      expect(
        api.calls("/api/v1/dataset/").some((q) => q.includes("(col:table_name,opr:ct,value:birth)")),
      ).toBe(true),
    );

    fireEvent.click(screen.getByText("birth_names"));
    expect(
      await screen.findByText(
        "Warning! Changing the dataset may break the chart if the metadata does not exist.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Proceed" }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith("4__table", expect.objectContaining({ id: 4, type: "table" })),
    );
    expect(await screen.findByText("Successfully changed dataset!")).toBeInTheDocument();
  });
});
