import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { answerChartDataBatches } from "./testing/chart-data-batches";
import { DashboardView } from "./dashboard-view";
import type { DataMaskMap } from "./model/dashboard-types";
import { hydrate } from "./model/hydrate";

vi.mock("../../components/charts/render/chart-renderer", () => ({
  ChartRenderer: ({ results }: { results: { rowcount?: number }[] }) => (
    <div data-test="fake-chart">{results[0]?.rowcount ?? 0} rows</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const dataset = {
  id: 3,
  table_name: "birth_names",
  columns: [
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  main_dttm_col: "ds",
};

const rangeFilter = {
  id: "NATIVE_FILTER-range",
  type: "NATIVE_FILTER",
  name: "Number",
  filterType: "filter_range",
  targets: [{ datasetId: 3, column: { name: "num" } }],
  scope: { rootPath: ["ROOT_ID"], excluded: [] },
};

function hydrated() {
  return hydrate(
    {
      id: 5,
      dashboard_title: "Births",
      slug: null,
      url: "/superset/dashboard/5/",
      published: true,
      css: "",
      json_metadata: JSON.stringify({ native_filter_configuration: [rangeFilter] }),
      position_json: null,
      owners: [],
      certified_by: null,
      certification_details: null,
      last_modified_time: 1,
    },
    [
      {
        id: 11,
        slice_name: "Births by gender",
        viz_type: "pie",
        datasource_id: 3,
        params: JSON.stringify({
          viz_type: "pie",
          datasource: "3__table",
          groupby: ["gender"],
          metric: "count",
          adhoc_filters: [
            { expressionType: "SIMPLE", clause: "WHERE", subject: "num", operator: ">", comparator: 5 },
          ],
        }),
      },
      {
        id: 12,
        slice_name: "Gender table",
        viz_type: "table",
        datasource_id: 3,
        params: JSON.stringify({
          viz_type: "table",
          datasource: "3__table",
          groupby: ["gender"],
          metrics: ["count"],
          time_range: "Last week",
          granularity_sqla: "ds",
        }),
      },
    ],
    [dataset],
  );
}

/** The range filter applied (num >= 10) and the pie cross-filtering by gender = boy. */
const dataMask: DataMaskMap = {
  [rangeFilter.id]: {
    id: rangeFilter.id,
    extraFormData: { filters: [{ col: "num", op: ">=", val: 10 }] },
    filterState: { value: [10, null] },
  },
  "11": {
    id: "11",
    extraFormData: { filters: [{ col: "gender", op: "IN", val: ["boy"] }] },
    filterState: { value: ["boy"], label: "boy", column: "gender" },
  },
};

class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

function detailRows(n: number, offset: number) {
  return Array.from({ length: n }, (_, i) => ({ gender: "boy", num: offset + i, ds: 0 }));
}

function setup() {
  vi.stubGlobal("IntersectionObserver", InView);
  const api = answerChartDataBatches(
    fakeFetch((url, init) => {
      if (url.pathname === "/api/v1/chart/data") {
        const body = JSON.parse(String(init?.body));
        if (body.result_type === "drill_detail") {
          const offset = body.queries[0].row_offset ?? 0;
          // 53 rows in all: a full first page, 3 on the second.
          const data = detailRows(offset === 0 ? 50 : 3, offset);
          return {
            body: {
              result: [
                { data, rowcount: data.length, colnames: ["gender", "num", "ds"], coltypes: [1, 0, 2] },
              ],
            },
          };
        }
        if (body.form_data?.viz_type === "filter_range")
          return { body: { result: [{ data: [{ min: 1, max: 99 }], rowcount: 1 }] } };
        return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
      }
      if (url.pathname.startsWith("/api/v1/dashboard/favorite_status"))
        return { body: { result: [{ id: 5, value: false }] } };
      if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
      return { status: 404, body: { message: "Not found" } };
    }),
  );
  const drillBodies = () =>
    api.fetch.mock.calls
      .filter(([input]) => String(input).startsWith("/api/v1/chart/data"))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
      .filter((b) => b.result_type === "drill_detail");
  renderWithRouter(<DashboardView hydrated={hydrated()} initial={{ dataMask }} />);
  return { api, drillBodies };
}

function chartCard(id: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-test="dashboard-chart"][data-chart-id="${id}"]`);
  if (!el) throw new Error(`no chart ${id}`);
  return el;
}

async function openMenu(id: number) {
  await waitFor(() => expect(within(chartCard(id)).getByText("2 rows")).toBeInTheDocument());
  fireEvent.click(within(chartCard(id)).getByLabelText("More options"));
}

describe("Drill to detail", () => {
  it("asks for the chart's raw rows with its filters, 50 a page, and pages with Next / Previous", async () => {
    const { drillBodies } = setup();
    await openMenu(12);
    fireEvent.click(await screen.findByText("Drill to detail"));
    const modal = await screen.findByRole("dialog", { name: "Drill to detail: Gender table" });
    await within(modal).findByText("Page 1");
    await waitFor(() => expect(document.querySelector('[data-test="drill-detail-grid"]')).not.toBeNull());

    const first = drillBodies()[0];
    expect(first.result_type).toBe("drill_detail");
    expect(first.datasource).toEqual({ id: 3, type: "table" });
    expect(first.form_data.slice_id).toBe(12);
    expect(first.queries).toHaveLength(1);
    const query = first.queries[0];
    expect(query).toMatchObject({ columns: [], metrics: null, row_limit: 50, row_offset: 0 });
    expect(query.is_rowcount).toBeUndefined();
    // The native range filter and the pie's cross filter both reach the table.
    expect(query.filters).toEqual(
      expect.arrayContaining([
        { col: "num", op: ">=", val: 10 },
        { col: "gender", op: "IN", val: ["boy"] },
      ]),
    );
    expect(query.time_range).toBe("Last week");
    expect(query.granularity).toBe("ds");
    // Applied filters as chips.
    const chips = within(modal)
      .getAllByText(/./, { selector: '[data-test="drill-detail-filter"] *' })
      .map((c) => c.textContent);
    expect(chips).toEqual(expect.arrayContaining(["num >= 10", "gender IN boy"]));

    const next = modal.querySelector<HTMLButtonElement>('[data-test="drill-detail-next"]');
    const previous = modal.querySelector<HTMLButtonElement>('[data-test="drill-detail-previous"]');
    expect(previous).toBeDisabled();
    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next!);
    await within(modal).findByText("Page 2");
    await waitFor(() => expect(drillBodies()).toHaveLength(2));
    expect(drillBodies()[1].queries[0]).toMatchObject({ row_limit: 50, row_offset: 50 });
    // Fewer than 50 rows came back: no next page.
    await waitFor(() => expect(previous).toBeEnabled());
    expect(next).toBeDisabled();
    fireEvent.click(previous!);
    await within(modal).findByText("Page 1");
    await waitFor(() => expect(next).toBeEnabled());
  });

  it("drills by the value the chart cross-filters by", async () => {
    const { drillBodies } = setup();
    await openMenu(11);
    fireEvent.click(await screen.findByText("Drill to detail by boy"));
    const modal = await screen.findByRole("dialog", { name: "Drill to detail: Births by gender" });
    await waitFor(() => expect(drillBodies()).toHaveLength(1));
    const query = drillBodies()[0].queries[0];
    // The pie's own filters (its adhoc filter, the native filter), not its own cross filter, plus the value.
    expect(query.filters).toEqual([
      { col: "num", op: ">", val: 5 },
      { col: "num", op: ">=", val: 10 },
      { col: "gender", op: "==", val: "boy" },
    ]);
    expect(query.row_offset).toBe(0);
    await within(modal).findByText("gender == boy");
  });

  it("shows a failed query with the error display", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    answerChartDataBatches(
      fakeFetch((url, init) => {
        if (url.pathname === "/api/v1/chart/data") {
          const body = JSON.parse(String(init?.body));
          if (body.result_type === "drill_detail")
            return {
              status: 403,
              body: {
                errors: [
                  {
                    message: "You may not see these rows",
                    error_type: "GENERIC_BACKEND_ERROR",
                    level: "error",
                  },
                ],
              },
            };
          return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
        }
        if (url.pathname.startsWith("/api/v1/dashboard/favorite_status"))
          return { body: { result: [{ id: 5, value: false }] } };
        return { status: 404, body: { message: "Not found" } };
      }),
    );
    renderWithRouter(<DashboardView hydrated={hydrated()} />);
    await openMenu(12);
    fireEvent.click(await screen.findByText("Drill to detail"));
    const modal = await screen.findByRole("dialog", { name: "Drill to detail: Gender table" });
    await within(modal).findByText("You may not see these rows");
    expect(modal.querySelector('[data-test="drill-detail-next"]')).toBeDisabled();
  });
});
