import type { RenderChart, RenderJob, RenderRow } from "@strata/core/reports/render-port";

/** Render jobs for the report renderer's tests and benchmark: data inline, as the worker builds them. */

const STATES = ["CA", "NY", "TX", "FL", "IL", "PA", "OH", "GA", "NC", "MI"];
const result = (data: Record<string, unknown>[], coltypes: number[]) => ({
  data,
  colnames: Object.keys(data[0] ?? {}),
  coltypes,
  rowcount: data.length,
});

const barRows = (seed: number) =>
  STATES.map((state, i) => ({ state, "SUM(num)": ((i + 1) * 7919 * (seed + 3)) % 997 }));

export function barChart(id: number, title: string): RenderChart {
  return {
    id,
    title,
    vizType: "echarts_timeseries_bar",
    formData: { datasource: "1__table", x_axis: "state", metrics: ["SUM(num)"] },
    queriesData: [result(barRows(id), [1, 0])],
  };
}

function lineChart(id: number, title: string): RenderChart {
  const day = 86_400_000;
  const data = Array.from({ length: 30 }, (_, i) => ({
    ds: i * day,
    boy: 100 + ((i * 37 + id) % 50),
    girl: 90 + ((i * 53 + id) % 40),
  }));
  return {
    id,
    title,
    vizType: "echarts_timeseries_line",
    formData: { datasource: "1__table", x_axis: "ds", metrics: ["count"], groupby: ["gender"] },
    queriesData: [result(data, [2, 0, 0])],
  };
}

function pieChart(id: number, title: string): RenderChart {
  return {
    id,
    title,
    vizType: "pie",
    formData: { datasource: "1__table", metric: "SUM(num)", groupby: ["state"] },
    queriesData: [result(barRows(id).slice(0, 5), [1, 0])],
  };
}

function bigNumber(id: number, title: string): RenderChart {
  return {
    id,
    title,
    vizType: "big_number_total",
    formData: { datasource: "1__table", metric: "count", subheader: "births" },
    queriesData: [result([{ count: 1234567 + id }], [0])],
  };
}

function tableChart(id: number, title: string): RenderChart {
  return {
    id,
    title,
    vizType: "table",
    formData: { datasource: "1__table", groupby: ["state"], metrics: ["SUM(num)"], query_mode: "aggregate" },
    queriesData: [result(barRows(id), [1, 0])],
  };
}

/** A chart report of one bar chart. */
export function barChartJob(): RenderJob {
  return { kind: "chart", title: "Births by state", width: 800, charts: [barChart(1, "Births by state")] };
}

/** A dashboard of 20 charts of five kinds, three a row, with a markdown intro and a header. */
export function twentyChartDashboardJob(): RenderJob {
  const makers = [barChart, lineChart, pieChart, bigNumber, tableChart];
  const charts = Array.from({ length: 20 }, (_, i) =>
    makers[i % makers.length](i + 1, `Chart number ${i + 1}`),
  );
  const rows: RenderRow[] = [
    {
      blocks: [
        {
          type: "markdown",
          markdown: "# Weekly births\n\nEvery chart of the **births** dashboard.",
          width: 12,
          height: 20,
        },
      ],
    },
    { blocks: [{ type: "header", text: "Overview", size: "MEDIUM" }] },
  ];
  for (let i = 0; i < charts.length; i += 3)
    rows.push({
      blocks: charts
        .slice(i, i + 3)
        .map((c) => ({ type: "chart" as const, chartId: c.id, width: 4, height: 50 })),
    });
  return { kind: "dashboard", title: "Births dashboard", width: 1600, charts, rows };
}

/** A chart report whose chart cannot be drawn (a visualization the SPA does not know). */
export function brokenChartJob(): RenderJob {
  return {
    kind: "chart",
    title: "Broken",
    charts: [barChart(1, "Fine chart"), { ...barChart(2, "Chart with no renderer"), vizType: "no_such_viz" }],
  };
}
