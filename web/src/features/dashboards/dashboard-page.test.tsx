import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "../../test/render";
import { answerChartDataBatches } from "./testing/chart-data-batches";
import DashboardPage, { DashboardPermalinkPage } from "./dashboard-page";

vi.mock("../../components/charts/render/chart-renderer", () => ({
  ChartRenderer: ({ results }: { results: { rowcount?: number }[] }) => (
    <div data-test="fake-chart">{results[0]?.rowcount ?? 0} rows</div>
  ),
}));

class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  id: 5,
  dashboard_title: "Births",
  slug: "births",
  url: "/superset/dashboard/births/",
  published: true,
  css: "",
  json_metadata: "{}",
  position_json: null,
  owners: [],
  certified_by: null,
  certification_details: null,
  last_modified_time: 1,
};
const chart = {
  id: 11,
  slice_name: "Gender table",
  viz_type: "table",
  datasource_id: 3,
  params: JSON.stringify({ viz_type: "table", groupby: ["gender"], metrics: ["count"] }),
};
const dataset = {
  id: 3,
  table_name: "birth_names",
  columns: [{ column_name: "gender", type: "VARCHAR" }],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
};

/** Answers for dashboard 5 (by id or slug); the dashboard's own request waits for `release`. */
function serve() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = answerChartDataBatches(
    fakeFetch((url) => {
      const path = url.pathname.replace("/api/v1/dashboard/births", "/api/v1/dashboard/5");
      if (path === "/api/v1/dashboard/permalink/abc")
        return {
          body: { dashboardId: 5, state: { dataMask: {}, activeTabs: [], anchor: null, urlParams: [] } },
        };
      if (path === "/api/v1/dashboard/5") return { body: { id: 5, result: dashboard } };
      if (path === "/api/v1/dashboard/5/charts") return { body: { result: [chart] } };
      if (path === "/api/v1/dashboard/5/datasets") return { body: { result: [dataset] } };
      if (path === "/api/v1/chart/data")
        return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
      if (path.startsWith("/api/v1/dashboard/")) return { status: 404, body: { message: "Not found" } };
      return { body: { count: 0, result: [] } };
    }),
  );
  const answer = api.fetch.getMockImplementation() as (
    input: RequestInfo | URL,
    init?: RequestInit,
  ) => Promise<Response>;
  api.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://localhost").pathname === "/api/v1/dashboard/births") await held;
    return answer(input, init);
  });
  const paths = () => api.fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
  return { paths, release };
}

/** The two routes as the app declares them (the pages read their ids from the path). */
function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/superset/dashboard/p/:key/", element: <DashboardPermalinkPage /> },
      { path: "/superset/dashboard/:idOrSlug/", element: <DashboardPage /> },
    ],
    { initialEntries: [url] },
  );
  return render(
    <MantineProvider env="test">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>,
  );
}

describe("DashboardPage", () => {
  it("requests the dashboard, its charts and datasets together, shows a loader, then the dashboard", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const { paths, release } = serve();
    open("/superset/dashboard/births/");
    // The dashboard's answer is held back: its charts and datasets are asked for all the same.
    await waitFor(() =>
      expect(paths()).toEqual(
        expect.arrayContaining([
          "/api/v1/dashboard/births",
          "/api/v1/dashboard/births/charts",
          "/api/v1/dashboard/births/datasets",
        ]),
      ),
    );
    expect(screen.getByLabelText("Loading dashboard")).toBeInTheDocument();
    release();
    await screen.findByText("2 rows");
    expect(screen.getByText("Births")).toBeInTheDocument();
  });

  it("shows the server's error for a dashboard that does not exist", async () => {
    serve();
    open("/superset/dashboard/404/");
    expect(await screen.findByText(/Not found/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Loading dashboard")).toBeNull();
  });

  it("opens a permalink's dashboard, and says so when the permalink is unknown", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const { paths } = serve();
    open("/superset/dashboard/p/abc/");
    await screen.findByText("2 rows");
    expect(paths()).toContain("/api/v1/dashboard/5/charts");

    open("/superset/dashboard/p/gone/");
    expect(await screen.findByText(/Not found/)).toBeInTheDocument();
  });
});

describe("DashboardPage with ?native_filters_key=", () => {
  const filterId = "NATIVE_FILTER-gender";
  const girl = {
    [filterId]: {
      id: filterId,
      extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] },
      filterState: { value: ["girl"], label: "girl" },
    },
  };
  const withFilter = {
    ...dashboard,
    json_metadata: JSON.stringify({
      native_filter_configuration: [
        {
          id: filterId,
          type: "NATIVE_FILTER",
          filterType: "filter_select",
          name: "Gender",
          targets: [{ datasetId: 3, column: { name: "gender" } }],
          controlValues: {},
          scope: { rootPath: ["ROOT_ID"], excluded: [] },
        },
      ],
    }),
  };

  /** Dashboard 5 with a gender filter, the stored state of key "k1"; records the chart's query bodies. */
  function serveKeyed() {
    const queries: string[] = [];
    const api = answerChartDataBatches(
      fakeFetch((url, init) => {
        const path = url.pathname.replace("/api/v1/dashboard/births", "/api/v1/dashboard/5");
        if (path === "/api/v1/dashboard/5/filter_state/k1") return { body: { value: JSON.stringify(girl) } };
        if (path.startsWith("/api/v1/dashboard/5/filter_state/"))
          return { status: 404, body: { message: "The filter state was not found or has expired." } };
        if (path === "/api/v1/dashboard/5") return { body: { id: 5, result: withFilter } };
        if (path === "/api/v1/dashboard/5/charts") return { body: { result: [chart] } };
        if (path === "/api/v1/dashboard/5/datasets") return { body: { result: [dataset] } };
        if (path === "/api/v1/chart/data") {
          // The filter's own options query is not the chart's.
          if (String(init?.body).includes('"slice_id":11')) queries.push(String(init?.body));
          return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
        }
        return { body: { count: 0, result: [] } };
      }),
    );
    const paths = () => api.fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    return { queries, paths };
  }

  it("restores the stored filters before the charts ask for their data: one query, already filtered", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const { queries, paths } = serveKeyed();
    open("/superset/dashboard/births/?native_filters_key=k1");
    await screen.findByText("2 rows");
    expect(paths()).toContain("/api/v1/dashboard/births/filter_state/k1");
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('"girl"');
  });

  it("opens the defaults quietly when the key is unknown or expired", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const { queries } = serveKeyed();
    open("/superset/dashboard/births/?native_filters_key=gone");
    await screen.findByText("2 rows");
    expect(screen.queryByText(/not found|expired/i)).toBeNull();
    expect(queries).toHaveLength(1);
    expect(queries[0]).not.toContain('"girl"');
  });
});
