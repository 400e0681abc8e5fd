import type { AvailableEngine } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

/** GET /api/v1/database/available/ → {databases: AvailableEngine[]} */
export const availableEnginesKey = "/api/v1/database/available/";

const fetchAvailable = (key: string) =>
  apiGet<{ databases: AvailableEngine[] }>(key).then((r) => r.databases ?? []);

export function useAvailableEngines(enabled: boolean) {
  return useSWR<AvailableEngine[], ApiError>(enabled ? availableEnginesKey : null, fetchAvailable, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
