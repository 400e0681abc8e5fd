import type { ReportNotificationMethods } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../lib/api-client";
import type { ApiError } from "../../lib/api-error";

export const NOTIFICATION_METHODS_KEY = "/api/v1/report/notification_methods/";

type Methods = ReportNotificationMethods["result"];

// An answer without the list (an older server) offers nothing beyond email and webhooks.
const fetchMethods = (key: string) =>
  apiGet<ReportNotificationMethods>(key).then((r) =>
    Array.isArray(r?.result?.methods) && r.result.slack ? r.result : undefined,
  );

/**
 * GET /api/v1/report/notification_methods/: the recipient types this server delivers to. Until
 * it answers (or if it fails), the modals offer email (and webhooks) only: never a Slack field
 * the server would refuse.
 */
export function useNotificationMethods(): Methods | undefined {
  const { data } = useSWR<Methods | undefined, ApiError>(NOTIFICATION_METHODS_KEY, fetchMethods, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return data;
}
