import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createChart,
  createDashboard,
  datasetDetail,
  datasetId,
  replyOf,
} from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * The cross filter a click on a deck.gl polygon (or path) emits, as the dashboard sends it to the
 * other charts: an extra filter on custom SQL, `REPLACE("contour", ' ', '') == <the contour without
 * spaces>`. A user who may explore gets the clicked polygon's row from DuckDB (also from a
 * dataset whose contours are spaced, under a column name that needs quoting); an embedded guest
 * stays limited to simple filters on the dataset's columns.
 */
type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let polygons: number;
let spaced: number;
let chartId: number;
let dashboard: number;

/** The filter column a polygon layer on `column` emits (the name quoted as an identifier). */
const lineColumn = (column: string) => ({
  expressionType: "SQL",
  sqlExpression: `REPLACE("${column}", ' ', '')`,
  label: column,
});
const CONTOUR = lineColumn("contour");

/** The zip code table's query with the layer's cross filter, as the dashboard builds it. */
function filtered(value: string, on?: { dataset: number; column: Json }) {
  const dataset = on?.dataset ?? polygons;
  const col = on?.column ?? CONTOUR;
  return {
    datasource: { id: dataset, type: "table" },
    queries: [
      {
        columns: ["zipcode"],
        metrics: ["count"],
        filters: [{ col, op: "==", val: value, isExtra: true }],
        orderby: [["count", false]],
        row_limit: 100,
      },
    ],
    form_data: {
      slice_id: chartId,
      viz_type: "table",
      datasource: `${dataset}__table`,
      extra_form_data: { filters: [{ col, op: "==", val: value }] },
    },
    result_format: "json",
    result_type: "full",
  };
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["sf_population_polygons"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  polygons = await datasetId(s, admin, "sf_population_polygons");
  dashboard = await createDashboard(s, admin, "Zip codes", { published: true });
  chartId = await createChart(s, admin, {
    name: "Population by zip code",
    vizType: "table",
    datasetId: polygons,
    dashboards: [dashboard],
    params: { viz_type: "table", query_mode: "aggregate", groupby: ["zipcode"], metrics: ["count"] },
    queryContext: (id) => ({
      datasource: { id: polygons, type: "table" },
      queries: [{ columns: ["zipcode"], metrics: ["count"], orderby: [["count", false]], row_limit: 100 }],
      form_data: { slice_id: id, viz_type: "table", datasource: `${polygons}__table` },
      result_format: "json",
      result_type: "full",
    }),
  });
  // The same contours written with spaces after each comma, in a column whose name has a space.
  const database = (await datasetDetail(s, admin, polygons)).database.id as number;
  spaced = (
    await replyOf(
      await s.call("POST", "/api/v1/dataset/", {
        token: admin,
        body: {
          database,
          schema: "main",
          table_name: "spaced_contours",
          sql: `SELECT zipcode, REPLACE(contour, ',', ', ') AS "contour text" FROM sf_population_polygons`,
        },
      }),
      "creating the spaced contours dataset",
    )
  ).id as number;
});
afterAll(async () => {
  await s.close();
});

/** Two zip codes' contours as stored. */
async function someContours(
  dataset = polygons,
  column = "contour",
): Promise<{ zipcode: unknown; contour: string }[]> {
  const res = await s.call("POST", "/api/v1/chart/data", {
    token: admin,
    body: {
      datasource: { id: dataset, type: "table" },
      queries: [
        {
          columns: ["zipcode", { sqlExpression: `"${column}"`, label: "contour" }],
          metrics: [],
          orderby: [["zipcode", true]],
          row_limit: 2,
        },
      ],
      result_format: "json",
      result_type: "full",
    },
  });
  return (await replyOf(res, "reading contours")).result[0].data;
}

describe("a deck.gl polygon's cross filter against DuckDB", () => {
  it("keeps the clicked polygon's row for an admin and for a user who may explore", async () => {
    const rows = await someContours();
    expect(rows).toHaveLength(2);
    const alpha = await userWithRoles(s, admin, "explorer", ["Alpha"]);
    for (const token of [admin, alpha]) {
      for (const row of rows) {
        const res = await s.call("POST", "/api/v1/chart/data", {
          token,
          body: filtered(row.contour.replaceAll(" ", "")),
        });
        const body = await replyOf(res, "filtering by a contour");
        expect(body.result[0].data).toEqual([{ zipcode: row.zipcode, count: 1 }]);
        // The value is bound, never pasted into the SQL.
        expect(body.result[0].query ?? "").not.toContain(row.contour.replaceAll(" ", ""));
      }
    }
    // A contour that is no row's matches nothing.
    const none = await replyOf(
      await s.call("POST", "/api/v1/chart/data", { token: admin, body: filtered("[[0,0],[1,1]]") }),
      "filtering by another contour",
    );
    expect(none.result[0].data).toEqual([]);
  });

  it("matches stored text spaced differently, under a column name that needs quoting", async () => {
    const rows = await someContours(spaced, "contour text");
    expect(rows[0].contour).toContain(", ");
    const on = { dataset: spaced, column: lineColumn("contour text") };
    for (const row of rows) {
      const body = await replyOf(
        await s.call("POST", "/api/v1/chart/data", {
          token: admin,
          body: filtered(row.contour.replaceAll(" ", ""), on),
        }),
        "filtering spaced contours",
      );
      expect(body.result[0].data).toEqual([{ zipcode: row.zipcode, count: 1 }]);
    }
  });

  it("refuses custom SQL beyond one expression in the filter's column with a 400", async () => {
    const bad = {
      ...CONTOUR,
      sqlExpression: `REPLACE("contour", ' ', ''); DROP TABLE sf_population_polygons`,
    };
    const body = filtered("x");
    body.queries[0].filters = [{ col: bad, op: "==", val: "x", isExtra: true }];
    const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body });
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as Json).message).toBe("string");
  });

  it("stays refused to an embedded guest: guests filter only by the dataset's columns", async () => {
    const guest = await guestTokenFor(s, admin, dashboard, { username: "visitor" });
    // The chart's own query is allowed…
    const plain = filtered("x");
    plain.queries[0].filters = [];
    plain.form_data.extra_form_data = { filters: [] };
    expect((await callAsGuest(s, guest, "POST", "/api/v1/chart/data", plain)).status).toBe(200);
    // …but not with custom SQL the chart does not use.
    const [row] = await someContours();
    const res = await callAsGuest(
      s,
      guest,
      "POST",
      "/api/v1/chart/data",
      filtered(row.contour.replaceAll(" ", "")),
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).message).toMatch(/Guest users may only run the queries/);
  });
});
