import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "../../lib/auth/current-user";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { answerChartDataBatches } from "./testing/chart-data-batches";
import { DashboardView } from "./dashboard-view";
import type { DataMaskMap } from "./model/dashboard-types";
import { hydrate } from "./model/hydrate";

// The pie is not drawn here (no Plotly in happy-dom); the table is the real one.
vi.mock("../../components/charts/render/plotly/plotly-chart", () => ({
  default: () => <div data-test="fake-plot" />,
}));

// happy-dom lays nothing out: give elements a size so the table's virtualiser renders rows.
const sizes = { clientHeight: 400, clientWidth: 800 };
const saved = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else Reflect.deleteProperty(HTMLElement.prototype, key);
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
});

class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

const admin = {
  id: 1,
  username: "admin",
  first_name: "A",
  last_name: "D",
  email: "",
  is_active: true,
  is_anonymous: false,
  roles: { Admin: [] },
};

const PIE = 11;
const TABLE = 12;

function hydrated(metadata: Record<string, unknown> = {}, tableParams: Record<string, unknown> = {}) {
  return hydrate(
    {
      id: 5,
      dashboard_title: "Births",
      slug: null,
      url: "/superset/dashboard/5/",
      published: true,
      css: "",
      json_metadata: JSON.stringify(metadata),
      position_json: null,
      owners: [],
      certified_by: null,
      certification_details: null,
      last_modified_time: 1,
    },
    [
      {
        id: PIE,
        slice_name: "Births by state",
        viz_type: "pie",
        datasource_id: 3,
        params: JSON.stringify({
          viz_type: "pie",
          datasource: "3__table",
          groupby: ["state"],
          metric: "count",
        }),
      },
      {
        id: TABLE,
        slice_name: "Gender table",
        viz_type: "table",
        datasource_id: 3,
        params: JSON.stringify({
          viz_type: "table",
          datasource: "3__table",
          query_mode: "aggregate",
          groupby: ["gender"],
          metrics: ["count"],
          ...tableParams,
        }),
      },
    ],
    [
      {
        id: 3,
        table_name: "birth_names",
        columns: [
          { column_name: "gender", type: "VARCHAR" },
          { column_name: "state", type: "VARCHAR" },
        ],
        metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
      },
    ],
  );
}

interface ChartDataBody {
  form_data: { slice_id: number };
  queries: { filters?: unknown[] }[];
}

function setup(view: Parameters<typeof DashboardView>[0]) {
  vi.stubGlobal("IntersectionObserver", InView);
  const api = answerChartDataBatches(
    fakeFetch((url, init) => {
      if (url.pathname === "/api/v1/chart/data") {
        const body = JSON.parse(String(init?.body)) as ChartDataBody;
        if (body.form_data.slice_id === TABLE)
          return {
            body: {
              result: [
                {
                  data: [
                    { gender: "boy", count: 30 },
                    { gender: "girl", count: 20 },
                  ],
                  colnames: ["gender", "count"],
                  coltypes: [1, 0],
                  rowcount: 2,
                },
              ],
            },
          };
        return {
          body: {
            result: [{ data: [{ state: "CA", count: 50 }], colnames: ["state", "count"], rowcount: 1 }],
          },
        };
      }
      if (url.pathname.startsWith("/api/v1/dashboard/favorite_status"))
        return { body: { result: [{ id: 5, value: false }] } };
      return { status: 404, body: { message: "Not found" } };
    }),
  );
  /** The filters of every query the pie asked for, in order. */
  const pieFilters = () =>
    api.fetch.mock.calls
      .filter(([input]) => String(input).startsWith("/api/v1/chart/data"))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as ChartDataBody)
      .filter((b) => b.form_data?.slice_id === PIE)
      .map((b) => b.queries[0].filters ?? []);
  renderWithRouter(
    <CurrentUserProvider user={admin}>
      <DashboardView {...view} />
    </CurrentUserProvider>,
  );
  return { pieFilters };
}

const card = (id: number) =>
  document.querySelector<HTMLElement>(`[data-test="dashboard-chart"][data-chart-id="${id}"]`)!;
const cell = (value: string) =>
  within(card(TABLE)).getByRole("button", { name: `Cross-filter by gender = ${value}` });
const genderFilter = { col: "gender", op: "IN", val: ["girl"] };

describe("Table chart cross filters on a dashboard", () => {
  it("emits the clicked cell's value, highlights its row, re-queries the others, and clears on a second click", async () => {
    const masks: DataMaskMap[] = [];
    const { pieFilters } = setup({ hydrated: hydrated(), onDataMaskChange: (m) => masks.push(m) });
    await within(card(TABLE)).findByText("girl");
    await waitFor(() => expect(pieFilters()).toHaveLength(1));
    expect(pieFilters()[0]).not.toContainEqual(genderFilter);

    fireEvent.click(cell("girl"));
    await waitFor(() => expect(masks).toHaveLength(1));
    expect(masks[0][String(TABLE)]).toEqual({
      id: String(TABLE),
      extraFormData: { filters: [genderFilter] },
      filterState: { value: ["girl"], label: "girl", column: "gender" },
    });
    expect(cell("girl")).toHaveAttribute("aria-pressed", "true");
    expect(cell("boy")).toHaveAttribute("aria-pressed", "false");
    // The pie is queried again with the table's filter; the table itself is not.
    await waitFor(() => expect(pieFilters().at(-1)).toContainEqual(genderFilter));
    expect(within(card(TABLE)).getByTitle("Clear cross-filter")).toHaveTextContent("gender = girl");

    const asked = pieFilters().length;
    fireEvent.click(cell("girl"));
    await waitFor(() => expect(masks).toHaveLength(2));
    expect(masks[1][String(TABLE)]).toEqual({
      id: String(TABLE),
      extraFormData: {},
      filterState: { value: null },
    });
    expect(cell("girl")).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(within(card(TABLE)).queryByTitle("Clear cross-filter")).toBeNull());
    // Unfiltered again, the pie's first query comes from the dashboard's cache: no new request.
    expect(pieFilters()).toHaveLength(asked);
  });

  it("emits nothing with cross filters off", async () => {
    setup({ hydrated: hydrated({ cross_filters_enabled: false }) });
    await within(card(TABLE)).findByText("girl");
    expect(within(card(TABLE)).queryAllByRole("button", { name: /^Cross-filter by/ })).toHaveLength(0);
  });

  it("emits nothing from raw records", async () => {
    setup({
      hydrated: hydrated({}, { query_mode: "raw", all_columns: ["gender", "count"], metrics: [] }),
    });
    await within(card(TABLE)).findByText("girl");
    expect(within(card(TABLE)).queryAllByRole("button", { name: /^Cross-filter by/ })).toHaveLength(0);
  });

  it("emits nothing in edit mode", async () => {
    setup({ hydrated: hydrated(), editMode: true });
    await within(card(TABLE)).findByText("girl");
    expect(document.querySelector('[data-test="builder-pane"]')).not.toBeNull();
    expect(within(card(TABLE)).queryAllByRole("button", { name: /^Cross-filter by/ })).toHaveLength(0);
    expect(screen.queryByText("gender = girl")).toBeNull();
  });
});
