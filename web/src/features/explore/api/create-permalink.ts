import type { ExplorePermalinkState, PermalinkCreated } from "@strata/contracts";
import type { FormData } from "../../../components/charts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/explore/permalink {formData, urlParams} → {key, url} */
export const createPermalink = (fd: FormData, urlParams: [string, string][]) => {
  const state: ExplorePermalinkState = { formData: fd, urlParams };
  return apiPost<PermalinkCreated>("/api/v1/explore/permalink", state);
};
