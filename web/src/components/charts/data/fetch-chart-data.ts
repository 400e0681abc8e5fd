import type { AsyncJob, ChartDataRequestInput } from "@strata/contracts";
import { apiRequestRaw } from "../../../lib/api-client";
import { ApiError, isApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import type { ChartDataResult } from "../types";
import { waitForAsyncJob } from "./async-job";

export const CHART_DATA_PATH = "/api/v1/chart/data";

export function unexpectedStatus(status: number): ApiError {
  return new ApiError({
    status,
    message: t("Received unexpected response status (%s) while fetching chart data", status),
  });
}

/** `POST /api/v1/chart/data?form_data={"slice_id":N}` (000 §7). */
export function chartDataPath(sliceId?: number | null): string {
  return sliceId
    ? `${CHART_DATA_PATH}?form_data=${encodeURIComponent(JSON.stringify({ slice_id: sliceId }))}`
    : CHART_DATA_PATH;
}

/** Posts the request; the Response is returned as it is (200 result, 202 job, or a file). */
export async function postChartData(request: ChartDataRequestInput, signal?: AbortSignal): Promise<Response> {
  const sliceId = (request.form_data as { slice_id?: number } | null | undefined)?.slice_id;
  try {
    return await apiRequestRaw(chartDataPath(sliceId), { method: "POST", json: request, signal });
  } catch (err) {
    // A failure without a body says nothing: name the status instead.
    if (
      isApiError(err) &&
      err.errors.length === 0 &&
      (err.body === null || err.body === "") &&
      err.status > 0 &&
      err.status < 599
    ) {
      throw unexpectedStatus(err.status);
    }
    throw err;
  }
}

/**
 * Chart data: 200 is the result; 202 is a queued job whose result arrives through the async
 * event stream; any other status is an error.
 */
export async function fetchChartData(
  request: ChartDataRequestInput,
  signal?: AbortSignal,
): Promise<ChartDataResult[]> {
  const res = await postChartData(request, signal);
  if (res.status === 200) {
    const body = (await res.json()) as { result?: ChartDataResult[] };
    return body.result ?? [];
  }
  if (res.status === 202) {
    const job = (await res.json()) as AsyncJob;
    return waitForAsyncJob(job, signal);
  }
  throw unexpectedStatus(res.status);
}
