import type { CssTemplateRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/css_template/: the templates an editor can start a dashboard's CSS from. */
export const cssTemplatesKey = withRisonQuery("/api/v1/css_template/", {
  columns: ["id", "template_name", "css"],
  order_column: "template_name",
  order_direction: "asc",
  page: 0,
  page_size: 100,
});

export function useCssTemplates(enabled: boolean) {
  return useSWR<Pick<CssTemplateRow, "id" | "template_name" | "css">[], ApiError>(
    enabled ? cssTemplatesKey : null,
    () => apiGet<{ result: CssTemplateRow[] }>(cssTemplatesKey).then((r) => r.result ?? []),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
