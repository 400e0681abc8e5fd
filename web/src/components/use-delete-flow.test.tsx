import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../test/render";
import { RelatedObjectsNotice } from "./related-objects/related-objects-notice";
import { useDeleteFlow } from "./use-delete-flow";

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 4, name: "birth_names" },
  { id: 5, name: "energy" },
];

/** A list page in miniature: buttons ask to delete one row or both. */
function Page() {
  const { askDelete, modal } = useDeleteFlow<Row>({
    resource: "dataset",
    label: "dataset",
    nameOf: (r) => r.name,
    details: (r) => <RelatedObjectsNotice resource="dataset" id={r.id} />,
  });
  return (
    <>
      <button type="button" onClick={() => void askDelete([ROWS[0]])}>
        one
      </button>
      <button type="button" onClick={() => void askDelete(ROWS)}>
        both
      </button>
      {modal}
    </>
  );
}

/** The related_objects answer (or a failure), and every DELETE sent. */
function serve(related: { status: number; body: unknown }) {
  const deletes: string[] = [];
  const api = fakeFetch((u, init) => {
    if (u.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
    if (init?.method === "DELETE") {
      deletes.push(u.pathname);
      return { body: { message: "OK" } };
    }
    if (u.pathname.endsWith("/related_objects/")) return related;
    return { body: { count: 0, result: [] } };
  });
  return { api, deletes };
}

const relatedCalls = (api: ReturnType<typeof fakeFetch>) =>
  api.fetch.mock.calls.filter(([input]) => String(input).includes("/related_objects/"));

const USED = {
  status: 200,
  body: {
    charts: { count: 1, result: [{ id: 11, slice_name: "Births by state", viz_type: "table" }] },
    dashboards: { count: 1, result: [{ id: 21, title: "Births", slug: null, json_metadata: null }] },
  },
};

describe("useDeleteFlow details", () => {
  it("shows what uses the one row being deleted", async () => {
    const { api } = serve(USED);
    renderWithRouter(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "one" }));
    await screen.findByText("Are you sure you want to delete birth_names?");
    expect(await screen.findByRole("link", { name: "Births by state" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Births" })).toBeInTheDocument();
    expect(String(relatedCalls(api)[0]?.[0])).toContain("/api/v1/dataset/4/related_objects/");
  });

  it("asks nothing more for a bulk delete", async () => {
    const { api } = serve(USED);
    renderWithRouter(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "both" }));
    await screen.findByText("Are you sure you want to delete the selected datasets?");
    expect(screen.queryByRole("link")).toBeNull();
    expect(relatedCalls(api)).toHaveLength(0);
  });

  it("still deletes when what uses the row could not be read", async () => {
    const { deletes } = serve({ status: 500, body: { message: "boom" } });
    renderWithRouter(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "one" }));
    await screen.findByText("Are you sure you want to delete birth_names?");
    await waitFor(() => expect(screen.queryByLabelText("Looking for what uses it")).toBeNull());
    fireEvent.change(document.querySelector('[data-test="delete-modal-input"]') as HTMLInputElement, {
      target: { value: "DELETE" },
    });
    fireEvent.click(document.querySelector('[data-test="modal-confirm-button"]') as HTMLElement);
    await waitFor(() => expect(deletes).toEqual(["/api/v1/dataset/4"]));
  });
});
