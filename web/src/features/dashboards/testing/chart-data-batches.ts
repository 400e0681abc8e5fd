import { CHART_DATA_BATCH_CONTENT_TYPE, CHART_DATA_BATCH_PATH } from "@strata/contracts";
import { chartDataPath } from "../../../components/charts/data/fetch-chart-data";
import type { FakeApi } from "../../../test/render";

/**
 * Tests: answers the dashboard's chart-data batches (`POST /api/v1/chart/data/batch/`) as the
 * server does, item by item through the fake's own `POST /api/v1/chart/data` answers, so a test
 * keeps describing (and inspecting) one chart's request at a time.
 */
export function answerChartDataBatches<T extends FakeApi>(api: T): T {
  type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  const single = api.fetch.getMockImplementation() as Fetch | undefined;
  if (!single) throw new Error("answerChartDataBatches needs fakeFetch's mock");
  const call = api.fetch as unknown as Fetch;
  api.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== CHART_DATA_BATCH_PATH) return single(input, init);
    const { items } = JSON.parse(String(init?.body)) as {
      items: { request: unknown; slice_id?: number }[];
    };
    const lines = await Promise.all(
      items.map(async (item, index) => {
        const res = await call(chartDataPath(item.slice_id), {
          ...init,
          body: JSON.stringify(item.request),
        });
        return JSON.stringify({ index, status: res.status, body: await res.json() });
      }),
    );
    return new Response(`${lines.join("\n")}\n`, {
      status: 200,
      headers: { "Content-Type": CHART_DATA_BATCH_CONTENT_TYPE },
    });
  });
  return api;
}
