import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { MAX_RELATED_LINKS, RelatedObjectsNotice } from "./related-objects-notice";

afterEach(() => {
  vi.unstubAllGlobals();
});

const counted = <T,>(result: T[]) => ({ count: result.length, result });
const chart = (id: number, name: string) => ({ id, slice_name: name, viz_type: "table" });
const dashboard = (id: number, title: string, slug: string | null = null) => ({
  id,
  title,
  slug,
  json_metadata: null,
});
const NOTHING = { charts: counted([]), dashboards: counted([]) };

/** Answers the related_objects read of `path` with `body` (or `status`), everything else 404. */
function serve(path: string, body: unknown, status = 200) {
  return fakeFetch((u) =>
    u.pathname === path ? { status, body } : { status: 404, body: { message: "Not found" } },
  );
}

const byTest = (id: string) => document.querySelector(`[data-test="${id}"]`) as HTMLElement | null;

describe("RelatedObjectsNotice", () => {
  it("names a dataset's charts and their dashboards as links, and says deleting breaks them", async () => {
    const api = serve("/api/v1/dataset/4/related_objects/", {
      charts: counted([chart(11, "Births by state"), chart(12, "Top names"), chart(13, "Unplaced")]),
      dashboards: counted([dashboard(21, "Births", "births"), dashboard(22, "Names")]),
    });
    renderWithRouter(<RelatedObjectsNotice resource="dataset" id={4} />);
    const summary = await screen.findByText(/Used by 3 charts on 2 dashboards\./);
    expect(summary.textContent).toContain("They stop working once the dataset is deleted.");
    const charts = within(byTest("related-charts")!);
    expect(charts.getByRole("link", { name: "Births by state" }).getAttribute("href")).toBe(
      "/explore/?slice_id=11",
    );
    expect(charts.getAllByRole("link").map((a) => a.textContent)).toEqual([
      "Births by state",
      "Top names",
      "Unplaced",
    ]);
    const dashboards = within(byTest("related-dashboards")!);
    // A slug when the dashboard has one, else its id.
    expect(dashboards.getByRole("link", { name: "Births" }).getAttribute("href")).toBe(
      "/superset/dashboard/births/",
    );
    expect(dashboards.getByRole("link", { name: "Names" }).getAttribute("href")).toBe(
      "/superset/dashboard/22/",
    );
    // Opened beside the dialog, not in its place.
    expect(charts.getByRole("link", { name: "Top names" }).getAttribute("target")).toBe("_blank");
    expect(byTest("related-tab-states")).toBeNull();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it("counts one chart in the singular and a chart on no dashboard without dashboards", async () => {
    serve("/api/v1/dataset/4/related_objects/", {
      charts: counted([chart(11, "Alone")]),
      dashboards: counted([]),
    });
    renderWithRouter(<RelatedObjectsNotice resource="dataset" id={4} />);
    const summary = await screen.findByText(/Used by 1 chart\./);
    expect(summary.textContent).not.toMatch(/dashboard/);
    expect(byTest("related-dashboards")).toBeNull();
  });

  it("tells a database's owner about their SQL Lab tabs on it, without claiming charts break", async () => {
    serve("/api/v1/database/2/related_objects/", {
      charts: counted([chart(11, "Births by state")]),
      dashboards: counted([dashboard(21, "Births")]),
      sqllab_tab_states: counted([{ id: 5, label: "Untitled Query 1", active: true }]),
    });
    renderWithRouter(<RelatedObjectsNotice resource="database" id={2} />);
    const summary = await screen.findByText("Used by 1 chart on 1 dashboard.");
    expect(summary.textContent).not.toMatch(/stop working/);
    expect(byTest("related-tab-states")?.textContent).toBe("You have 1 SQL Lab tab using this database.");
  });

  it("lists at most a few names of each kind and counts the rest", async () => {
    const many = Array.from({ length: MAX_RELATED_LINKS + 3 }, (_, i) => chart(i + 1, `Chart ${i + 1}`));
    serve("/api/v1/dataset/4/related_objects/", { charts: counted(many), dashboards: counted([]) });
    renderWithRouter(<RelatedObjectsNotice resource="dataset" id={4} />);
    await screen.findByText(new RegExp(`^Used by ${MAX_RELATED_LINKS + 3} charts\\.`));
    expect(within(byTest("related-charts")!).getAllByRole("link")).toHaveLength(MAX_RELATED_LINKS);
    expect(byTest("related-charts")?.textContent).toMatch(/\+ 3 more$/);
  });

  it("shows a loader while asking, then nothing when nothing depends on it", async () => {
    serve("/api/v1/database/2/related_objects/", { ...NOTHING, sqllab_tab_states: counted([]) });
    renderWithRouter(<RelatedObjectsNotice resource="database" id={2} />);
    expect(screen.getByLabelText("Looking for what uses it")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Looking for what uses it")).toBeNull());
    expect(byTest("related-objects")).toBeNull();
  });

  it("says nothing when the server can't tell", async () => {
    serve("/api/v1/dataset/4/related_objects/", { message: "Forbidden" }, 403);
    renderWithRouter(<RelatedObjectsNotice resource="dataset" id={4} />);
    await waitFor(() => expect(screen.queryByLabelText("Looking for what uses it")).toBeNull());
    expect(byTest("related-objects")).toBeNull();
  });
});
