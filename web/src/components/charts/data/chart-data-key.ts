import type { ChartDataRequestInput } from "@strata/contracts";

/**
 * Identical queries across charts run once: the key is the request without its form data
 * (which only names the chart) and without `force`.
 */
export function chartDataKey(request: ChartDataRequestInput): string {
  let key = keys.get(request);
  if (key === undefined) {
    const { form_data: _fd, force: _f, ...rest } = request;
    key = JSON.stringify(rest);
    keys.set(request, key);
  }
  return key;
}

/**
 * Keys of the requests seen, by the request object: a chart asks with the same (memoised) request
 * at each of its renders, and its key is the text of its whole query. Requests are not changed
 * once made, so a key found here is still that request's.
 */
const keys = new WeakMap<ChartDataRequestInput, string>();
