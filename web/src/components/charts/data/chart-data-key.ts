import type { ChartDataRequestInput } from "@strata/contracts";

/**
 * Identical queries across charts run once: the key is the request without its form data
 * (which only names the chart) and without `force`.
 */
export function chartDataKey(request: ChartDataRequestInput): string {
  const { form_data: _fd, force: _f, ...rest } = request;
  return JSON.stringify(rest);
}
