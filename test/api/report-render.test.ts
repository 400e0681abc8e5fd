import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSpa } from "../../functions/src/http/spa.ts";
import { PROJECT_ROOT } from "../../functions/src/runtime/local-runtime.ts";
import { browserMemory } from "../../functions/src/runtime/report-render/browser-memory.ts";
import { ChromiumReportRenderer } from "../../functions/src/runtime/report-render/chromium-report-renderer.ts";
import { findChromium, NO_CHROMIUM } from "../../functions/src/runtime/report-render/find-chromium.ts";
import { barChartJob, brokenChartJob, twentyChartDashboardJob } from "../support/report-render-jobs.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const spa = () => loadSpa(join(PROJECT_ROOT, "web", "dist"));

/** Width and height from the PNG's IHDR chunk (right after the signature). */
function pngSize(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  expect(view.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** The size of an all-white PNG of these dimensions: what a chart that drew nothing weighs. */
function blankPngLength(width: number, height: number) {
  const row = Buffer.alloc(1 + width * 3, 0xff);
  row[0] = 0;
  return 8 + 25 + 12 + deflateSync(Buffer.concat(Array.from({ length: height }, () => row))).length + 12;
}

const pdfPages = (pdf: string) => pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0;

describe.skipIf(!findChromium())("report renderer (Chromium)", () => {
  const blocked: string[] = [];
  let renderer: ChromiumReportRenderer;
  beforeAll(() => {
    renderer = new ChromiumReportRenderer({
      spa,
      log: (line) => {
        if (line.includes("blocked")) blocked.push(line);
      },
    });
  });
  afterAll(() => renderer.close());

  it("draws a chart report as one PNG per chart, not blank, with no request to the API", async () => {
    await renderer.render(barChartJob(), "PNG", { timeoutMs: 60_000 }); // the browser's first start
    const started = performance.now();
    const files = await renderer.render(barChartJob(), "PNG", { timeoutMs: 30_000 });
    console.log(
      `report render: one-chart PNG in ${Math.round(performance.now() - started)} ms (warm browser)`,
    );
    expect(files).toHaveLength(1);
    const [png] = files;
    expect(png.contentType).toBe("image/png");
    expect(png.fileName).toBe("Births by state.png");
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const { width, height } = pngSize(png.bytes);
    expect(width).toBeGreaterThan(600);
    expect(height).toBeGreaterThan(400);
    expect(png.bytes.length).toBeGreaterThan(3 * blankPngLength(width, height));
    expect(blocked).toEqual([]);
  });

  it("draws a 20-chart dashboard as one PDF holding every chart, and as one full-length PNG", async () => {
    const job = twentyChartDashboardJob();
    const started = performance.now();
    const [pdf] = await renderer.render(job, "PDF", { timeoutMs: 60_000 });
    console.log(`report render: 20-chart dashboard PDF in ${Math.round(performance.now() - started)} ms`);
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.fileName).toBe("Births dashboard.pdf");
    const text = Buffer.from(pdf.bytes).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(pdfPages(text)).toBeGreaterThanOrEqual(1);
    // Chart titles are text, so the PDF's outline names every one of them, the last included.
    for (const chart of job.charts) expect(text).toContain(`(${chart.title})`);

    const [png] = await renderer.render(job, "PNG", { timeoutMs: 60_000 });
    const { width, height } = pngSize(png.bytes);
    expect(width).toBe(1600);
    // Seven rows of 400 px charts under the title, markdown and header: nothing cut off.
    expect(height).toBeGreaterThan(7 * 400);
    const memory = browserMemory();
    if (memory)
      console.log(
        `report render: browser ${memory.processes} processes, ${memory.rssMiB} MiB resident now, ` +
          `${memory.pssMiB} MiB proportional (PSS), peak ≤ ${memory.peakMiB} MiB (sum of VmHWM)`,
      );
  });

  it("names the chart that could not be drawn", async () => {
    await expect(renderer.render(brokenChartJob(), "PNG", { timeoutMs: 30_000 })).rejects.toThrow(
      /Chart "Chart with no renderer" could not be drawn: No renderer for visualization type "no_such_viz"/,
    );
  });

  it("gives up at the time limit with a message saying so", async () => {
    const started = performance.now();
    await expect(renderer.render(twentyChartDashboardJob(), "PDF", { timeoutMs: 300 })).rejects.toThrow(
      /The report took longer than 0.3 s to draw/,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    // The browser survives a job given up on.
    const [png] = await renderer.render(barChartJob(), "PNG", { timeoutMs: 30_000 });
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it("starts the browser again after it went away", async () => {
    await renderer.close();
    const [png] = await renderer.render(barChartJob(), "PNG", { timeoutMs: 60_000 });
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });
});

describe("report renderer without a browser", () => {
  it("rejects at once with how to install one", async () => {
    vi.stubEnv("CHROMIUM_PATH", "/nonexistent/chromium");
    const renderer = new ChromiumReportRenderer({ spa });
    try {
      const started = performance.now();
      await expect(renderer.render(barChartJob(), "PNG", { timeoutMs: 30_000 })).rejects.toThrow(NO_CHROMIUM);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      vi.unstubAllEnvs();
      await renderer.close();
    }
  });

  it("finds no browser where none is installed", () => {
    expect(findChromium({ CHROMIUM_PATH: "/nonexistent/chromium" })).toBeUndefined();
    expect(findChromium({ PATH: "/nonexistent" })).toBe(findChromium({ PATH: "" }));
  });
});
