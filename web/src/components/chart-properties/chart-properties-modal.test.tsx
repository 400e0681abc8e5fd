import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { ChartPropertiesModal } from "./chart-properties-modal";

const chart = {
  id: 5,
  slice_name: "Births",
  description: null,
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  owners: [{ id: 1, first_name: "Ada", last_name: "Lovelace" }],
};

function Harness({ onSaved }: { onSaved: (name: string) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        reopen
      </button>
      <ChartPropertiesModal chartId={opened ? 5 : null} onClose={() => setOpened(false)} onSaved={onSaved} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("chart properties modal", () => {
  it("loads the chart each time it opens and saves the edited name", async () => {
    const put: Record<string, unknown>[] = [];
    const api = fakeFetch((url, init) => {
      if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
      if (url.pathname === "/api/v1/chart/5" && init?.method === "PUT") {
        put.push(JSON.parse(String(init.body)));
        return { body: { id: 5, result: {} } };
      }
      if (url.pathname === "/api/v1/chart/5") return { body: { id: 5, result: chart } };
      return { body: { count: 0, result: [] } };
    });
    const gets = () =>
      api.fetch.mock.calls.filter(
        ([u, i]) => String(u) === "/api/v1/chart/5" && (i?.method ?? "GET") === "GET",
      );
    const onSaved = vi.fn();
    renderWithRouter(<Harness onSaved={onSaved} />);
    const name = (await screen.findByDisplayValue("Births")) as HTMLInputElement;
    expect(gets()).toHaveLength(1);
    fireEvent.change(name, { target: { value: "Births by state" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Births by state"));
    expect(put[0]).toMatchObject({ slice_name: "Births by state", owners: [1], cache_timeout: null });
    fireEvent.click(screen.getByRole("button", { name: "reopen" }));
    await screen.findByDisplayValue("Births");
    expect(gets()).toHaveLength(2);
  });
});
