import type { ReportFormat } from "@strata/contracts";
import type { ChartDataService } from "../chart-data/service.ts";
import type { Charts } from "../charts/service.ts";
import { AppError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { RenderedFile } from "./render-port.ts";

/** Rows a TEXT report shows in the message body; the rest are left out, and the message says so. */
export const TEXT_ROW_CAP = 500;

export interface ReportContent {
  /** The chart's or the dashboard's name. */
  title: string;
  /** CSV reports: the file to attach. */
  csv?: { filename: string; bytes: Buffer };
  /** TEXT reports: the rows as an HTML table (escaped) and as plain text. */
  table?: { html: string; text: string; rows: number; shown: number };
  /** PNG and PDF reports: what the renderer drew (PNGs are also shown in the email's body). */
  files?: RenderedFile[];
}

const runError = (message: string) => new AppError(422, { message });

/**
 * The chart's data as its owner sees it, from the chart's saved query context through the same
 * chart-data verb the API uses (caches, limits, row-level security). Always asked as CSV: that
 * answer is inline even where chart data otherwise runs as background jobs.
 */
export async function renderChart(
  charts: Charts,
  chartData: ChartDataService,
  owner: Principal,
  chartId: number,
  format: ReportFormat,
  /** Stops the chart's query (the run's working timeout). */
  signal?: AbortSignal,
): Promise<ReportContent> {
  const { chart } = await charts.get(owner, chartId).catch(() => {
    throw runError("The report's chart no longer exists or its owner can no longer read it.");
  });
  const reply = await chartData.savedChart(owner, chart.id, {
    format: "csv",
    resultType: "full",
    force: false,
    signal,
  });
  if (reply.kind !== "file") throw runError("The chart's data did not come back as a file.");
  const bytes = Buffer.from(reply.body);
  if (format === "CSV")
    return { title: chart.slice_name, csv: { filename: `${safeName(chart.slice_name)}.csv`, bytes } };
  return { title: chart.slice_name, table: tableOf(parseCsv(bytes.toString("utf8"))) };
}

const safeName = (name: string) => name.replace(/[^\w .-]+/g, "_").slice(0, 100) || "chart";

/** Minimal RFC 4180 reader for the chart-data CSV (quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function tableOf(rows: string[][]): NonNullable<ReportContent["table"]> {
  const [header = [], ...body] = rows;
  const shown = body.slice(0, TEXT_ROW_CAP);
  const cell = (tag: string, s: string) =>
    `<${tag} style="border:1px solid #ccc;padding:4px 8px">${escapeHtml(s)}</${tag}>`;
  const html =
    `<table style="border-collapse:collapse"><thead><tr>${header.map((h) => cell("th", h)).join("")}</tr></thead>` +
    `<tbody>${shown.map((r) => `<tr>${r.map((c) => cell("td", c)).join("")}</tr>`).join("")}</tbody></table>`;
  const text = [header, ...shown].map((r) => r.join("\t")).join("\n");
  return { html, text, rows: body.length, shown: shown.length };
}
