import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TimeSeriesColumnsControl } from "./time-series-columns-control";
import { draftErrors, draftOf, moveColumn, type TimeSeriesColumn } from "./time-series-columns-model";

/** The control with the form data kept in state, as Explore keeps it; every stored value is recorded. */
function renderControl(initial: TimeSeriesColumn[] | undefined) {
  const changes = vi.fn();
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <TimeSeriesColumnsControl
        label="Time series columns"
        value={value}
        onChange={(v) => {
          changes(v);
          setValue(v);
        }}
        testId="control-column_collection"
      />
    );
  }
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return { changes, last: () => changes.mock.calls.at(-1)?.[0] as TimeSeriesColumn[] };
}

const byTest = (id: string) => document.querySelector(`[data-test="${id}"]`) as HTMLElement;
const type = (id: string, value: string) => fireEvent.change(byTest(id), { target: { value } });

describe("TimeSeriesColumnsControl", () => {
  it("adds a column as Superset stores it: a key, then the editor's whole state on save", () => {
    const { changes, last } = renderControl(undefined);
    expect(screen.getByText("No columns yet: add one to compare values over time")).toBeInTheDocument();

    fireEvent.click(byTest("control-column_collection-add"));
    const added = last();
    expect(added).toHaveLength(1);
    expect(Object.keys(added[0])).toEqual(["key"]);
    expect(added[0].key).toMatch(/^[\w-]{11}$/);

    // The editor opens at once; the lag and comparison appear for a time comparison only.
    expect(byTest("time-series-column-editor")).toBeInTheDocument();
    expect(byTest("column-editor-time-lag")).toBeNull();
    type("column-editor-label", "Vs last year");
    type("column-editor-type", "time");
    type("column-editor-time-lag", "2");
    type("column-editor-comparison-type", "perc_change");
    type("column-editor-d3format", ".1%");
    type("column-editor-bounds-min", "-1");
    fireEvent.click(byTest("column-editor-save"));

    expect(changes).toHaveBeenCalledTimes(2);
    expect(last()).toEqual([
      {
        key: added[0].key,
        label: "Vs last year",
        tooltip: "",
        colType: "time",
        width: "",
        height: "",
        timeLag: "2",
        timeRatio: "",
        comparisonType: "perc_change",
        showYAxis: false,
        yAxisBounds: [null, null],
        bounds: [-1, null],
        d3format: ".1%",
        dateFormat: "",
        sparkType: "line",
      },
    ]);
    expect(byTest("time-series-column-editor")).toBeNull();
    const row = byTest("time-series-column");
    expect(within(row).getByText("Vs last year")).toBeInTheDocument();
    expect(within(row).getByText("Time comparison · lag 2")).toBeInTheDocument();
  });

  it("refuses to save numbers that are not numbers, and Close keeps the stored column", () => {
    const { changes } = renderControl([{ key: "spark1", label: "Trend", colType: "spark", width: "200" }]);
    fireEvent.click(byTest("time-series-column-edit"));
    type("column-editor-width", "wide");
    type("column-editor-time-ratio", "1.5");
    expect(screen.getByText("must be a positive number")).toBeInTheDocument();
    expect(screen.getByText("is expected to be an integer")).toBeInTheDocument();
    expect(byTest("column-editor-save")).toBeDisabled();

    type("column-editor-width", "120");
    type("column-editor-time-ratio", "2");
    expect(byTest("column-editor-save")).toBeEnabled();
    fireEvent.click(byTest("column-editor-close"));
    expect(changes).not.toHaveBeenCalled();
    expect(byTest("time-series-column-editor")).toBeNull();
  });

  it("moves and removes columns", () => {
    const { last } = renderControl([
      { key: "a", label: "First", colType: "contrib" },
      { key: "b", label: "Second", colType: "avg", timeLag: 3 },
      { key: "c", label: "Third", colType: "spark" },
    ]);
    const labels = () =>
      Array.from(document.querySelectorAll('[data-test="time-series-column-label"]')).map(
        (n) => n.textContent,
      );
    expect(labels()).toEqual(["First", "Second", "Third"]);
    const ups = () => document.querySelectorAll<HTMLElement>('[data-test="time-series-column-up"]');
    const downs = () => document.querySelectorAll<HTMLElement>('[data-test="time-series-column-down"]');
    expect(ups()[0]).toBeDisabled();
    expect(downs()[2]).toBeDisabled();

    fireEvent.click(ups()[2]);
    expect(last().map((c) => c.key)).toEqual(["a", "c", "b"]);
    fireEvent.click(downs()[0]);
    expect(labels()).toEqual(["Third", "First", "Second"]);

    fireEvent.click(document.querySelectorAll<HTMLElement>('[data-test="time-series-column-remove"]')[1]);
    expect(last()).toEqual([
      { key: "c", label: "Third", colType: "spark" },
      { key: "b", label: "Second", colType: "avg", timeLag: 3 },
    ]);
  });
});

describe("time-series column model", () => {
  it("fills Superset's defaults for a new column and checks only the fields its type shows", () => {
    const draft = draftOf({ key: "k" });
    expect(draft).toMatchObject({ timeLag: 0, sparkType: "line", bounds: [null, null], colType: "" });
    // A contribution column has no lag field: a stale lag does not block saving.
    expect(draftErrors({ ...draft, colType: "contrib", timeLag: "x" })).toEqual({});
    expect(draftErrors({ ...draft, colType: "avg", timeLag: "-2" })).toEqual({});
    expect(draftErrors({ ...draft, colType: "avg", timeLag: "two" })).toEqual({
      timeLag: "is expected to be an integer",
    });
    expect(draftErrors({ ...draft, d3format: "not a format" })).toEqual({
      d3format: "is not a valid d3 format",
    });
  });

  it("moves within the list's ends", () => {
    expect(moveColumn([1, 2, 3], 0, 5)).toEqual([2, 3, 1]);
    expect(moveColumn([1, 2, 3], 2, -1)).toEqual([3, 1, 2]);
    expect(moveColumn([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });
});
