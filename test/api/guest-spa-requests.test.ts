import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChartDataset } from "../../web/src/components/charts/types.ts";
import { chartDataPath } from "../../web/src/components/charts/data/fetch-chart-data.ts";
import {
  dashboardChartRequest,
  dashboardFormData,
  filterOptionsRequest,
  filterRangeRequest,
} from "../../web/src/features/dashboards/model/chart-request.ts";
import type { ExtraFormData, NativeFilter } from "../../web/src/features/dashboards/model/dashboard-types.ts";
import { drillDetailRequest } from "../../web/src/features/dashboards/model/drill-detail.ts";
import { toDashboardChart } from "../../web/src/features/dashboards/model/hydrate.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * The other side of the guest query check: every request the embedded SPA itself builds for the
 * example dashboard (each chart, under native filters, time range, time column and grain, cross
 * filters, drill to detail, and the native filters' own queries) is allowed. Built with the SPA's
 * own request builders, so a change on either side that breaks embedded dashboards fails here.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let token: string;
let dashId: number;
let filters: NativeFilter[];

const asGuest = (method: string, path: string, body?: unknown) => callAsGuest(s, token, method, path, body);

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  const admin = await s.login(ADMIN.username, ADMIN.password);
  const births = (await json(await s.call("GET", "/api/v1/dashboard/births", { token: admin }))).result;
  dashId = births.id;
  const birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
  filters = [
    {
      id: "NATIVE_FILTER-state",
      type: "NATIVE_FILTER",
      filterType: "filter_select",
      name: "State",
      targets: [{ datasetId: birth, column: { name: "state" } }],
      controlValues: { sortAscending: true },
    },
    {
      id: "NATIVE_FILTER-num",
      type: "NATIVE_FILTER",
      filterType: "filter_range",
      name: "Births",
      targets: [{ datasetId: birth, column: { name: "num" } }],
    },
  ] as NativeFilter[];
  const metadata = { ...JSON.parse(births.json_metadata || "{}"), native_filter_configuration: filters };
  const put = await s.call("PUT", `/api/v1/dashboard/${dashId}`, {
    token: admin,
    body: { json_metadata: JSON.stringify(metadata) },
  });
  expect(put.status).toBe(200);
  token = await guestTokenFor(s, admin, dashId);
});
afterAll(() => s.close());

describe("the embedded SPA's own requests pass the guest check", () => {
  it("every chart of the example dashboard, under every kind of dashboard filter, and drill to detail", async () => {
    const rows = (await json(await asGuest("GET", `/api/v1/dashboard/${dashId}/charts`))).result as Json[];
    const datasets = (await json(await asGuest("GET", `/api/v1/dashboard/${dashId}/datasets`)))
      .result as Json[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const extras: ExtraFormData[] = [
      {},
      { filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }] },
      {
        filters: [
          { col: "num", op: ">=", val: 10 },
          { col: "num", op: "<=", val: 5000 },
        ],
      },
      { time_range: "1990-01-01 : 2000-01-01" },
      { granularity_sqla: "ds", time_grain_sqla: "P1M", time_range: "No filter" },
      // A cross filter from the table chart's group-by cells.
      { filters: [{ col: "name", op: "IN", val: ["Mary"] }] },
    ];
    let tried = 0;
    for (const row of rows) {
      const chart = toDashboardChart(row as never);
      const dataset = { ...datasets.find((d) => d.id === chart.datasourceId), type: "table" } as ChartDataset;
      for (const extra of extras) {
        const request = dashboardChartRequest(dashboardFormData(chart, dashId, extra, dataset), dataset);
        const res = await asGuest("POST", chartDataPath(chart.id), request);
        expect(res.status, `${chart.sliceName} ${JSON.stringify(extra)}: ${await res.clone().text()}`).toBe(
          200,
        );
        tried++;
        const drill = await asGuest("POST", chartDataPath(chart.id), drillDetailRequest(request, 0));
        expect(drill.status, `drill ${chart.sliceName}: ${await drill.clone().text()}`).toBe(200);
        tried++;
      }
    }
    console.log(`[guest-spa-requests] ${tried} SPA chart requests allowed`);
  });

  it("the native filters' own queries", async () => {
    const options = filterOptionsRequest(filters[0], {
      filters: [{ col: "gender", op: "IN", val: ["girl"] }],
    });
    const res = await asGuest("POST", "/api/v1/chart/data", options);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).result[0].data.length).toBeGreaterThan(0);
    const searched = filterOptionsRequest(filters[0], {}, "C");
    expect((await asGuest("POST", "/api/v1/chart/data", searched)).status).toBe(200);
    const range = await asGuest("POST", "/api/v1/chart/data", filterRangeRequest(filters[1]));
    expect(range.status, await range.clone().text()).toBe(200);
  });
});
