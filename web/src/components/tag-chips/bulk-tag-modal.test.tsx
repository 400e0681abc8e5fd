import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { BulkTagModal } from "./bulk-tag-modal";
import { TagChips } from "./tag-chips";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TAGS = { count: 1, ids: [1], result: [{ id: 1, name: "finance", type: "custom" }] };

/** Answers the tag search and the CSRF token; `bulk` answers POST /api/v1/tag/bulk_create. */
function serve(bulk: { status?: number; body: unknown }, tagStatus = 200) {
  const sent: unknown[] = [];
  const api = fakeFetch((u, init) => {
    if (u.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
    if (u.pathname === "/api/v1/tag/")
      return tagStatus === 200 ? { body: TAGS } : { status: tagStatus, body: { message: "Forbidden" } };
    if (u.pathname === "/api/v1/tag/bulk_create") {
      sent.push(JSON.parse(String(init?.body)));
      return bulk;
    }
    return { status: 404, body: { message: "Not found" } };
  });
  return { api, sent };
}

function open(onTagged = vi.fn(), onClose = vi.fn()) {
  renderWithRouter(
    <BulkTagModal
      selected={[{ id: 3 }, { id: 5 }]}
      resourceName="chart"
      onTagged={onTagged}
      onClose={onClose}
    />,
  );
  return { onTagged, onClose };
}

async function addTag(name: string) {
  const input = await screen.findByPlaceholderText("Select or type a tag name");
  // Mantine ignores changes to an input that is not focused (autofill and the like).
  (input as HTMLInputElement).focus();
  fireEvent.change(input, { target: { value: name } });
  fireEvent.keyDown(input, { key: "Enter" });
  await waitFor(() =>
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false),
  );
}

describe("Bulk tag modal", () => {
  it("tags every selected object, then says how many", async () => {
    const { sent } = serve({
      body: {
        result: {
          objects_tagged: [
            ["chart", 3],
            ["chart", 5],
          ],
          objects_skipped: [],
        },
      },
    });
    const { onTagged, onClose } = open();
    expect(await screen.findByText("Bulk tag")).toBeTruthy();
    expect(screen.getByText("You are adding tags to 2 charts")).toBeTruthy();
    await addTag("weekly");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Tagged 2 charts");
    expect(sent).toEqual([
      {
        tags: ["weekly"],
        objects_to_tag: [
          ["chart", 3],
          ["chart", 5],
        ],
      },
    ]);
    expect(onTagged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("reports the objects skipped for lack of edit rights", async () => {
    serve({ body: { result: { objects_tagged: [["chart", 3]], objects_skipped: [["chart", 5]] } } });
    open();
    await addTag("weekly");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(
      "1 items could not be tagged because you don’t have edit permissions to all selected objects.",
    );
    await screen.findByText("Tagged 1 charts");
  });

  it("says 'Failed to tag items' when the server refuses", async () => {
    serve({ status: 500, body: { message: "boom" } });
    const { onTagged, onClose } = open();
    await addTag("weekly");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Failed to tag items");
    expect(onTagged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps Save off until a tag is chosen", async () => {
    serve({ body: {} });
    open();
    const save = await screen.findByRole("button", { name: "Save" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  it("tells a user who may not read tags so", async () => {
    serve({ body: {} }, 403);
    open();
    await screen.findByText("You do not have permission to read tags");
  });
});

describe("Tag chips", () => {
  const tags = ["a", "b", "c", "d", "e"].map((name, i) => ({ id: i + 1, name, type: "custom" }));

  it("collapses past the maximum into '+N...' and expands when pressed", async () => {
    renderWithRouter(<TagChips tags={tags} maxTags={3} />);
    expect(screen.getAllByText(/^[a-e]$/).map((el) => el.textContent)).toEqual(["a", "b"]);
    fireEvent.click(screen.getByText("+3..."));
    await waitFor(() => expect(screen.getAllByText(/^[a-e]$/)).toHaveLength(5));
  });

  it("links each tag to its tagged-objects page in a new window", () => {
    renderWithRouter(<TagChips tags={tags.slice(0, 2)} />);
    const link = screen.getByText("a").closest("a")!;
    expect(link.getAttribute("href")).toBe("/superset/all_entities/?id=1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText(/\+\d+\.\.\./)).toBeNull();
  });
});
