import { type ChartDataRequest, ChartDataRequestSchema } from "@strata/contracts";
import * as v from "valibot";
import { unprocessable } from "../errors.ts";
import type { ChartEntity } from "./types.ts";

/**
 * A saved chart's chart-data request: the query context Explore stored with it. Charts saved by
 * clients that never send one (or saved before it existed) have none; the owner fixes that by
 * saving the chart once in Explore, which the message says.
 */
export function savedChartRequest(chart: ChartEntity): ChartDataRequest {
  if (!chart.query_context)
    throw unprocessable(
      `Chart "${chart.slice_name}" has no saved query context: open it in Explore and save it once.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(chart.query_context);
  } catch {
    parsed = undefined;
  }
  const request = v.safeParse(ChartDataRequestSchema, parsed);
  if (!request.success)
    throw unprocessable(
      `Chart "${chart.slice_name}" has an unreadable query context: open it in Explore and save it again.`,
    );
  return request.output;
}
