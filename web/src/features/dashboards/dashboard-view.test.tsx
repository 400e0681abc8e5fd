import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { answerChartDataBatches } from "./testing/chart-data-batches";
import { DashboardView } from "./dashboard-view";
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

const filters = [
  {
    id: "NATIVE_FILTER-range",
    type: "NATIVE_FILTER",
    name: "Number",
    filterType: "filter_range",
    targets: [{ datasetId: 3, column: { name: "num" } }],
    scope: { rootPath: ["ROOT_ID"], excluded: [] },
  },
  { id: "NATIVE_FILTER_DIVIDER-a", type: "DIVIDER", title: "People", description: "Who was born" },
];

function hydrated() {
  return hydrate(
    {
      id: 5,
      dashboard_title: "Births",
      slug: null,
      url: "/superset/dashboard/5/",
      published: true,
      css: ".dashboard { color: black } </style><script>x</script>",
      json_metadata: JSON.stringify({ native_filter_configuration: filters }),
      position_json: null,
      owners: [],
      certified_by: null,
      certification_details: null,
      last_modified_time: 1,
    },
    [
      {
        id: 11,
        slice_name: "Gender table",
        viz_type: "table",
        datasource_id: 3,
        params: JSON.stringify({ viz_type: "table", groupby: ["gender"], metrics: ["count"] }),
      },
    ],
    [dataset],
  );
}

/** Every observed element is in view at once (happy-dom lays nothing out). */
class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

describe("DashboardView", () => {
  it("draws the charts, validates the range filter and applies it to the chart query", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const api = answerChartDataBatches(
      fakeFetch((url, init) => {
        if (url.pathname === "/api/v1/chart/data") {
          const body = JSON.parse(String(init?.body));
          if (body.form_data?.viz_type === "filter_range")
            return { body: { result: [{ data: [{ min: 1, max: 99 }], rowcount: 1 }] } };
          return {
            body: { result: [{ data: [], rowcount: body.queries[0].filters.length ? 1 : 2, colnames: [] }] },
          };
        }
        if (url.pathname.startsWith("/api/v1/dashboard/favorite_status"))
          return { body: { result: [{ id: 5, value: false }] } };
        if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
        return { status: 404, body: { message: "Not found" } };
      }),
    );
    const { container } = renderWithRouter(<DashboardView hydrated={hydrated()} />);
    await screen.findByText("2 rows");
    expect(screen.getByText("People")).toBeInTheDocument();
    // Sanitised dashboard CSS.
    expect(container.ownerDocument.querySelector('[data-test="dashboard-css"]')?.textContent).toBe(
      ".dashboard { color: black } x",
    );

    const min = screen.getByLabelText("Minimum");
    const max = screen.getByLabelText("Maximum");
    fireEvent.change(min, { target: { value: "10" } });
    fireEvent.change(max, { target: { value: "5" } });
    await screen.findByText("Minimum must be strictly less than maximum");
    const apply = screen.getByRole("button", { name: "Apply filters" });
    expect(apply).toBeDisabled();

    fireEvent.change(max, { target: { value: "50" } });
    await waitFor(() => expect(apply).toBeEnabled());
    expect(screen.queryByText("Minimum must be strictly less than maximum")).toBeNull();
    fireEvent.click(apply);
    await screen.findByText("1 rows");
    const chartBodies = api.fetch.mock.calls
      .filter(([input]) => String(input).startsWith("/api/v1/chart/data"))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
      .filter((b) => b.form_data?.slice_id === 11);
    expect(chartBodies.at(-1).queries[0].filters).toEqual([
      { col: "num", op: ">=", val: 10 },
      { col: "num", op: "<=", val: 50 },
    ]);
  });
});
