import { apiCall, datasetIdOf, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * What the chart-drawing e2e files build before they look at a page: the server with the
 * birth_names example and Chromium logged in as the admin, then charts on that dataset laid out
 * on a dashboard through the API, as a user would have saved them.
 */

/** The local server with birth_names only, Chromium logged in on the welcome page, and the dataset's id. */
export async function startWithBirthNames(): Promise<{ e: E2E; birthNames: number }> {
  const e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  return { e, birthNames: await datasetIdOf(e, "birth_names") };
}

/** Creates a published dashboard with no layout yet and returns its id. */
export async function createDashboard(e: E2E, title: string): Promise<number> {
  return (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/dashboard/", {
      dashboard_title: title,
      published: true,
    })
  ).id;
}

/** A chart's form data: its viz type and whatever that type's controls hold. */
export type ChartFormData = { viz_type: string } & Record<string, unknown>;

/**
 * Creates a chart on a table dataset and returns its id. The form data is completed as the SPA
 * saves it (the datasource key, no adhoc filters) unless `params` says otherwise.
 */
export async function createChart(
  e: E2E,
  chart: { name: string; datasetId: number; params: ChartFormData; dashboards?: number[] },
): Promise<number> {
  const created = await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
    slice_name: chart.name,
    viz_type: chart.params.viz_type,
    datasource_id: chart.datasetId,
    datasource_type: "table",
    params: JSON.stringify({ datasource: `${chart.datasetId}__table`, adhoc_filters: [], ...chart.params }),
    ...(chart.dashboards ? { dashboards: chart.dashboards } : {}),
  });
  return created.id;
}

/**
 * The two charts the dashboard and menu tests open: "Births by gender" (a pie) and "Gender table"
 * (count by gender), both on the given dashboard.
 */
export async function createGenderPieAndTable(
  e: E2E,
  datasetId: number,
  dashboardId: number,
): Promise<{ pieId: number; tableId: number }> {
  const chartOf = (name: string, params: ChartFormData) =>
    createChart(e, { name, datasetId, params: { ...params, row_limit: 100 }, dashboards: [dashboardId] });
  return {
    pieId: await chartOf("Births by gender", { viz_type: "pie", groupby: ["gender"], metric: "count" }),
    tableId: await chartOf("Gender table", {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["gender"],
      metrics: ["count"],
    }),
  };
}

/** One chart of a seeded dashboard: its name, form data and width in twelfths of the grid. */
export interface GridChart {
  name: string;
  params: ChartFormData;
  width: number;
  height?: number;
}

type Placed = { chartId: number; width: number; height?: number };

/** Superset's position_json for a grid of rows of charts (ids and widths, row by row). */
export function gridLayout(rows: Placed[][]) {
  const layout: Record<string, { id: string; type: string; children: string[]; meta: object }> = {};
  const add = (id: string, type: string, children: string[] = [], meta: object = {}) => {
    layout[id] = { id, type, children, meta };
  };
  const rowIds = rows.map((_, r) => `ROW-${r + 1}`);
  add("ROOT_ID", "ROOT", ["GRID_ID"]);
  add("GRID_ID", "GRID", rowIds);
  rows.forEach((row, r) => {
    add(
      rowIds[r],
      "ROW",
      row.map((c) => `CHART-${c.chartId}`),
    );
    for (const c of row) {
      add(`CHART-${c.chartId}`, "CHART", [], { chartId: c.chartId, width: c.width, height: c.height ?? 50 });
    }
  });
  return layout;
}

/**
 * A published dashboard of charts on one table dataset, laid out in the rows given. Returns the
 * dashboard's id and the charts' ids in the order they were given (row by row).
 */
export async function seedDashboard(
  e: E2E,
  dashboard: { title: string; datasetId: number; rows: GridChart[][] },
): Promise<{ dashboardId: number; chartIds: number[] }> {
  const dashboardId = await createDashboard(e, dashboard.title);
  const placed: Placed[][] = [];
  for (const row of dashboard.rows) {
    const ids: Placed[] = [];
    for (const c of row) {
      const chartId = await createChart(e, {
        name: c.name,
        datasetId: dashboard.datasetId,
        params: c.params,
        dashboards: [dashboardId],
      });
      ids.push({ chartId, width: c.width, height: c.height });
    }
    placed.push(ids);
  }
  await apiCall(e, "PUT", `/api/v1/dashboard/${dashboardId}`, {
    position_json: JSON.stringify(gridLayout(placed)),
  });
  return { dashboardId, chartIds: placed.flat().map((c) => c.chartId) };
}
