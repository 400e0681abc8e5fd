import type { Page, Response } from "playwright-core";

type Json = Record<string, any>;

/**
 * Calls `handler` with every chart-data reply the page receives, whether a chart asked alone
 * (`POST /api/v1/chart/data`: Explore) or with the others of its dashboard
 * (`POST /api/v1/chart/data/batch/`, one NDJSON line per chart): the chart's request (its
 * `form_data.slice_id` names it) and the reply body Superset's endpoint would have sent.
 */
export function onChartDataReplies(
  page: Page,
  handler: (request: Json, body: Json, status: number) => void,
): void {
  page.on("response", async (res: Response) => {
    if (res.request().method() !== "POST" || !res.url().includes("/api/v1/chart/data")) return;
    const sent = JSON.parse(res.request().postData() ?? "{}") as Json;
    if (new URL(res.url()).pathname === "/api/v1/chart/data/batch/") {
      const text = await res.text().catch(() => "");
      for (const line of text.split("\n").filter(Boolean)) {
        const { index, status, body } = JSON.parse(line) as { index: number; status: number; body: Json };
        handler(sent.items?.[index]?.request ?? {}, body, status);
      }
      return;
    }
    const body = (await res.json().catch(() => null)) as Json | null;
    if (body) handler(sent, body, res.status());
  });
}
