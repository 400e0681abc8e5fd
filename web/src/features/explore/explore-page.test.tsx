import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { resetAsyncEvents } from "../../components/charts/data/async-job";
import ExplorePage from "./explore-page";

// Plotly needs a real browser: DOM tests draw a stand-in that shows the traces it was given.
vi.mock("react-plotly.js/factory", () => ({
  default: () =>
    function FakePlot({
      data,
      onInitialized,
    }: {
      data: { name?: string; type?: string }[];
      onInitialized?: (f: unknown, el: HTMLElement) => void;
    }) {
      // react-plotly.js reports the drawn figure after mounting.
      useEffect(() => onInitialized?.({}, document.createElement("div")), [onInitialized]);
      return (
        <div data-test="fake-plot">
          {data.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: traces are drawn in order
            <span key={i} data-test="fake-trace">{`${t.type}:${t.name ?? ""}`}</span>
          ))}
        </div>
      );
    },
}));
vi.mock("../../components/charts/render/plotly/plotly-bundle", () => ({
  default: { downloadImage: vi.fn() },
}));

const dataset = {
  id: 7,
  type: "table",
  table_name: "birth_names",
  datasource_name: "birth_names",
  schema: "main",
  database: { id: 1, database_name: "examples", backend: "duckdb" },
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR", groupby: true, filterable: true },
    { column_name: "num", type: "BIGINT", groupby: true, filterable: true },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)", verbose_name: "COUNT(*)" }],
  main_dttm_col: "ds",
  time_grain_sqla: [
    ["P1D", "Day"],
    ["P1Y", "Year"],
  ],
};

const savedParams = {
  datasource: "7__table",
  viz_type: "echarts_timeseries_bar",
  x_axis: "gender",
  metrics: ["count"],
  row_limit: 1000,
  slice_id: 5,
};

const chartResult = {
  data: [
    { gender: "boy", count: 10 },
    { gender: "girl", count: 12 },
  ],
  colnames: ["gender", "count"],
  coltypes: [1, 0],
  rowcount: 2,
  query: "SELECT gender, COUNT(*) AS count FROM birth_names GROUP BY gender",
  is_cached: false,
  cached_dttm: null,
  applied_filters: [],
  rejected_filters: [],
  annotation_data: [],
  status: "success",
};

const user = {
  id: 1,
  username: "admin",
  first_name: "A",
  last_name: "D",
  email: "",
  is_active: true,
  is_anonymous: false,
  roles: { Admin: [] },
};

beforeEach(() => {
  localStorage.clear();
  resetAsyncEvents();
});
afterEach(() => vi.unstubAllGlobals());

function serve(
  opts: {
    chartData?: (body: Record<string, unknown>) => { status?: number; body: unknown };
    onSave?: (url: URL, body: unknown) => void;
  } = {},
) {
  return fakeFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/v1/explore/") {
      const slice = url.searchParams.get("slice_id");
      return {
        body: {
          result: {
            dataset,
            form_data: slice ? savedParams : { datasource: "7__table" },
            slice: slice
              ? { slice_id: 5, slice_name: "Births", form_data: savedParams, owners: [1], dashboards: [] }
              : null,
            message: null,
          },
        },
      };
    }
    if (url.pathname === "/api/v1/chart/data")
      return opts.chartData?.(body) ?? { body: { result: [chartResult] } };
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
    if (url.pathname === "/api/v1/time_range/")
      return { body: { result: [{ since: "", until: "", timeRange: "No filter", shift: null }] } };
    if (url.pathname === "/api/v1/explore/form_data") return { status: 201, body: { key: "abc" } };
    if (url.pathname === "/api/v1/dashboard/")
      return { body: { count: 1, ids: [3], result: [{ id: 3, dashboard_title: "Sales" }] } };
    if (url.pathname === "/api/v1/chart/" && init?.method === "POST") {
      opts.onSave?.(url, body);
      return { status: 201, body: { id: 42, result: body } };
    }
    return { status: 404, body: { message: "Not found" } };
  });
}

async function renderExplore(url: string) {
  const { CurrentUserProvider } = await import("../../lib/auth/current-user");
  return renderWithRouter(
    <CurrentUserProvider user={user}>
      <ExplorePage />
    </CurrentUserProvider>,
    url,
  );
}

describe("Explore page", () => {
  it("opens a saved chart, runs it and draws the bars; a changed control shows the Altered badge and its changes", async () => {
    const api = serve();
    await renderExplore("/explore/?slice_id=5");
    expect(await screen.findByText("Births")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-test="fake-trace"]')).toHaveLength(1));
    expect(document.querySelector('[data-test="fake-trace"]')?.textContent).toBe("bar:count");
    const request = JSON.parse(
      String(api.fetch.mock.calls.find(([u]) => String(u).startsWith("/api/v1/chart/data"))?.[1]?.body),
    );
    expect(request.queries[0].columns[0]).toMatchObject({ columnType: "BASE_AXIS", sqlExpression: "gender" });
    expect(document.querySelector('[data-test="altered-badge"]')).toBeNull();

    fireEvent.click(screen.getByLabelText("Sort descending"));
    const badge = await screen.findByText("Altered");
    fireEvent.click(badge);
    const rows = await waitFor(() => {
      const found = document.querySelector('[data-test="chart-changes-table"]');
      expect(found).not.toBeNull();
      return within(found as HTMLElement).getAllByRole("row");
    });
    expect(rows.map((r) => r.textContent)).toEqual(["ControlBeforeAfter", "Sort descendingtruefalse"]);
  });

  it("waits for an async job (202) through the event stream and draws its result", async () => {
    let polled = 0;
    const api = fakeFetch((url) => {
      if (url.pathname === "/api/v1/explore/") {
        return {
          body: {
            result: {
              dataset,
              form_data: savedParams,
              slice: { slice_id: 5, slice_name: "Births", form_data: savedParams, owners: [1] },
              message: null,
            },
          },
        };
      }
      if (url.pathname === "/api/v1/chart/data") {
        return {
          status: 202,
          body: {
            channel_id: "c1",
            job_id: "job-1",
            user_id: 1,
            status: "pending",
            errors: [],
            result_url: "/api/v1/chart/data/result-1",
          },
        };
      }
      if (url.pathname === "/api/v1/async_event/") {
        polled += 1;
        return {
          body: {
            result:
              polled < 2
                ? []
                : [
                    {
                      id: "1-0",
                      channel_id: "c1",
                      job_id: "job-1",
                      user_id: 1,
                      status: "done",
                      errors: [],
                      result_url: "/api/v1/chart/data/result-1",
                    },
                  ],
          },
        };
      }
      if (url.pathname === "/api/v1/chart/data/result-1") return { body: { result: [chartResult] } };
      if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
      return { status: 404, body: { message: "Not found" } };
    });
    await renderExplore("/explore/?slice_id=5");
    await waitFor(() => expect(document.querySelectorAll('[data-test="fake-trace"]')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(polled).toBeGreaterThanOrEqual(2);
    expect(api.calls("/api/v1/async_event/").length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem("last_async_event_id")).toBe("1-0");
  });

  it("shows a chart error through the error registry", async () => {
    serve({
      chartData: () => ({
        status: 400,
        body: {
          errors: [
            {
              error_type: "GENERIC_DB_ENGINE_ERROR",
              message: "Column nope does not exist",
              level: "error",
              extra: {},
            },
          ],
        },
      }),
    });
    await renderExplore("/explore/?slice_id=5");
    // The whole page (controls, time range, chart) renders before the error: slow under a busy CPU.
    expect(await screen.findByText(/Column nope does not exist/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("reports a status without a body as unexpected", async () => {
    fakeFetch((url) => {
      if (url.pathname === "/api/v1/explore/")
        return {
          body: {
            result: {
              dataset,
              form_data: savedParams,
              slice: { slice_id: 5, slice_name: "Births", form_data: savedParams, owners: [1] },
              message: null,
            },
          },
        };
      return { status: 404, body: { message: "Not found" } };
    });
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith("/api/v1/chart/data")
        ? new Response("", { status: 502 })
        : original(input, init),
    );
    await renderExplore("/explore/?slice_id=5");
    expect(
      await screen.findByText(/Received unexpected response status \(502\) while fetching chart data/),
    ).toBeInTheDocument();
  });

  it("a new chart waits for Create chart; a row limit that is not an integer blocks the run", async () => {
    serve();
    await renderExplore("/explore/?datasource_type=table&datasource_id=7&viz_type=echarts_timeseries_bar");
    const run = await screen.findByRole("button", { name: "Create chart" });
    expect(document.querySelector('[data-test="fake-trace"]')).toBeNull();
    const rowLimit = document.querySelector('[data-test="control-row_limit"]') as HTMLInputElement;
    fireEvent.change(rowLimit, { target: { value: "12abc" } });
    expect(await screen.findByText("is expected to be an integer")).toBeInTheDocument();
    expect(run).toBeDisabled();
    fireEvent.change(rowLimit, { target: { value: "500" } });
    await waitFor(() => expect(run).not.toBeDisabled());
  });

  it("saves a new chart with its params, query context and a dashboard", async () => {
    let saved: Record<string, unknown> | undefined;
    serve({ onSave: (_u, body) => (saved = body as Record<string, unknown>) });
    const { router } = await renderExplore("/explore/?datasource_type=table&datasource_id=7&viz_type=pie");
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    fireEvent.change(await screen.findByPlaceholderText("Chart name"), { target: { value: "My pie" } });
    fireEvent.click(document.querySelector('[data-test="btn-modal-save"]') as HTMLElement);
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      slice_name: "My pie",
      viz_type: "pie",
      datasource_id: 7,
      datasource_type: "table",
      dashboards: [],
    });
    expect(JSON.parse(String(saved?.params))).toMatchObject({ viz_type: "pie", datasource: "7__table" });
    expect(JSON.parse(String(saved?.query_context))).toMatchObject({
      datasource: { id: 7, type: "table" },
      result_format: "json",
    });
    expect(await screen.findByText("Chart [My pie] has been saved")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?slice_id=42"));
  });
});
