import type { ChartDataRequestInput } from "@strata/contracts";
import type { ChartDataResult } from "../../../components/charts";
// The chart-data call (200 direct, 202 async job through the shared event poller) is Explore's.
import { fetchChartData } from "../../explore/api/chart-data";
import { requestKey } from "../model/chart-request";

export { fetchChartData };

interface Entry {
  promise: Promise<ChartDataResult[]>;
  /** The refresh round the call was made for (0: a plain load). */
  round: number;
}

/**
 * Chart data for one dashboard view: every request runs at once, and identical queries (same
 * request but for the chart it names) share one call and its result. A refresh round re-runs a
 * query (force) once, however many charts ask for it in that round.
 */
export class ChartDataCache {
  private readonly entries = new Map<string, Entry>();

  fetch(request: ChartDataRequestInput, options: { round?: number } = {}): Promise<ChartDataResult[]> {
    const key = requestKey(request);
    const round = options.round ?? 0;
    const cached = this.entries.get(key);
    if (cached && cached.round >= round) return cached.promise;
    const promise = fetchChartData({ ...request, force: round > 0 });
    const entry = { promise, round };
    this.entries.set(key, entry);
    promise.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return promise;
  }

  clear() {
    this.entries.clear();
  }
}
