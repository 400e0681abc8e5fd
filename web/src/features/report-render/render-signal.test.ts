import { describe, expect, it } from "vitest";
import { drawnChartIds, readRenderJob, type RenderJob } from "./render-job";
import { createRenderSignal } from "./render-signal";

const now = () => Promise.resolve();

describe("render signal", () => {
  it("marks the body rendered once every chart has drawn, and only then", async () => {
    const body = document.createElement("body");
    const signal = createRenderSignal([1, 2], body, now);
    signal.drawn(1);
    signal.drawn(1);
    await now();
    expect(body.dataset.rendered).toBeUndefined();
    signal.drawn(2);
    await new Promise((r) => setTimeout(r));
    expect(body.dataset.rendered).toBe("true");
  });

  it("reports the first failure with the chart's title, and nothing after it", async () => {
    const body = document.createElement("body");
    const signal = createRenderSignal([1, 2], body, now);
    signal.failed("Sales", "No renderer");
    signal.drawn(1);
    signal.drawn(2);
    await new Promise((r) => setTimeout(r));
    expect(body.dataset.renderError).toBe('Chart "Sales" could not be drawn: No renderer');
    expect(body.dataset.rendered).toBeUndefined();
  });
});

describe("render job", () => {
  it("refuses a missing or malformed job with a message", () => {
    expect(readRenderJob(undefined)).toMatch(/without a render job/);
    expect(readRenderJob({ kind: "page", charts: [] })).toMatch(/kind/);
    expect(readRenderJob({ kind: "chart", charts: [{ id: 1 }] })).toMatch(/no id or no data/);
  });

  it("waits only for the charts a dashboard's rows place", () => {
    const chart = (id: number) => ({ id, title: `c${id}`, vizType: "pie", formData: {}, queriesData: [] });
    const job: RenderJob = {
      kind: "dashboard",
      title: "d",
      charts: [chart(1), chart(2), chart(3)],
      rows: [
        { blocks: [{ type: "chart", chartId: 2, width: 6, height: 50 }] },
        {
          blocks: [
            { type: "column", width: 6, blocks: [{ type: "chart", chartId: 3, width: 6, height: 50 }] },
          ],
        },
        { blocks: [{ type: "chart", chartId: 7, width: 6, height: 50 }] },
      ],
    };
    expect(drawnChartIds(job)).toEqual([2, 3]);
    expect(drawnChartIds({ ...job, rows: undefined })).toEqual([1, 2, 3]);
  });
});
