import { fireEvent, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { renderWithRouter } from "../../../test/render";
import { ControlPanel } from "./control-panel";
import { DATASOURCE_ITEM_MIME } from "./controls/dnd";
import { DatasetPane } from "./dataset-pane";

// Plotly needs a real browser: nothing here draws a chart, but keep it out of the DOM tests.
vi.mock("react-plotly.js/factory", () => ({ default: () => () => null }));
vi.mock("../../../components/charts/render/plotly/plotly-bundle", () => ({
  default: { downloadImage: vi.fn() },
}));

const dataset: ChartDataset = {
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
} as ChartDataset;

let formData: FormData;

/** The dataset pane and control panel of Explore around form data the test reads back. */
function Harness({ initial }: { initial: FormData }) {
  const [fd, setFd] = useState(initial);
  formData = fd;
  return (
    <>
      <DatasetPane dataset={dataset} onSwap={() => {}} />
      <ControlPanel
        formData={fd}
        dataset={dataset}
        errors={{}}
        onChange={(name, value) => setFd((prev) => ({ ...prev, [name]: value }))}
      />
    </>
  );
}

function render(extra: Partial<FormData> = {}) {
  renderWithRouter(
    <Harness
      initial={
        {
          datasource: "7__table",
          viz_type: "echarts_timeseries_bar",
          x_axis: "ds",
          metrics: [],
          groupby: [],
          adhoc_filters: [],
          row_limit: 1000,
          ...extra,
        } as FormData
      }
    />,
  );
}

/** A DataTransfer as browsers give drag events (happy-dom has none). */
function fakeDataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (k: string, v: string) => void data.set(k, v),
    getData: (k: string) => data.get(k) ?? "",
    dropEffect: "none",
    effectAllowed: "all",
  };
}

const byTest = (id: string) => {
  const el = document.querySelector<HTMLElement>(`[data-test="${id}"]`);
  if (!el) throw new Error(`no [data-test="${id}"]`);
  return el;
};

/** Drags a dataset pane item over a drop zone; returns whether it was highlighted, then drops it. */
function drag(item: string, zone: string) {
  const dataTransfer = fakeDataTransfer();
  const source = byTest(`datasource-item-${item}`);
  const target = byTest(`drop-zone-${zone}`);
  fireEvent.dragStart(source, { dataTransfer });
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  const highlighted = target.getAttribute("data-drop-active") === "true";
  fireEvent.drop(target, { dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
  return { highlighted, dataTransfer, target };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Explore drag and drop", () => {
  it("makes every column and metric of the dataset pane draggable, with its kind and name", () => {
    render();
    for (const name of ["ds", "gender", "num", "count"]) {
      expect(byTest(`datasource-item-${name}`).getAttribute("draggable")).toBe("true");
    }
    const dataTransfer = fakeDataTransfer();
    fireEvent.dragStart(byTest("datasource-item-count"), { dataTransfer });
    expect(JSON.parse(dataTransfer.getData(DATASOURCE_ITEM_MIME))).toEqual({ type: "metric", name: "count" });
    fireEvent.dragEnd(byTest("datasource-item-count"), { dataTransfer });
  });

  it("adds a dropped column to the dimensions, with a highlight while over them", () => {
    render();
    const { highlighted, target } = drag("gender", "groupby");
    expect(highlighted).toBe(true);
    expect(target.getAttribute("data-drop-active")).toBeNull();
    expect(formData.groupby).toEqual(["gender"]);
    drag("num", "groupby");
    drag("gender", "groupby"); // already there: not twice
    expect(formData.groupby).toEqual(["gender", "num"]);
  });

  it("adds a dropped saved metric, and a dropped column as SUM (numeric) or COUNT", () => {
    render();
    expect(drag("count", "metrics").highlighted).toBe(true);
    expect(formData.metrics).toEqual(["count"]);
    drag("num", "metrics");
    drag("gender", "metrics");
    expect(formData.metrics).toEqual([
      "count",
      { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "SUM(num)" },
      {
        expressionType: "SIMPLE",
        column: { column_name: "gender" },
        aggregate: "COUNT",
        label: "COUNT(gender)",
      },
    ]);
    const pills = within(byTest("control-metrics")).getAllByText(/COUNT|SUM/);
    expect(pills.map((p) => p.textContent)).toEqual(["COUNT(*)", "SUM(num)", "COUNT(gender)"]);
  });

  it("sets the x-axis to a dropped column and ignores a dropped metric", () => {
    render();
    const metric = drag("count", "x_axis");
    expect(metric.highlighted).toBe(false);
    expect(formData.x_axis).toBe("ds");
    expect(drag("gender", "x_axis").highlighted).toBe(true);
    expect(formData.x_axis).toBe("gender");
  });

  it("opens the filter editor on a column dropped on the filters; saving adds the filter", async () => {
    render();
    expect(drag("count", "adhoc_filters").highlighted).toBe(false);
    expect(document.querySelector('[data-test="filter-column-select"]')).toBeNull();
    expect(drag("gender", "adhoc_filters").highlighted).toBe(true);
    const column = await waitFor(() => byTest("filter-column-select") as HTMLInputElement);
    expect(column.value).toBe("gender");
    fireEvent.change(byTest("filter-value-input"), { target: { value: "boy" } });
    fireEvent.click(byTest("filter-save"));
    await waitFor(() => expect(formData.adhoc_filters).toHaveLength(1));
    expect(formData.adhoc_filters).toMatchObject([
      { expressionType: "SIMPLE", clause: "WHERE", subject: "gender", operator: "==", comparator: "boy" },
    ]);
  });
});
