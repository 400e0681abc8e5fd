import type { FormData } from "../../../components/charts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/explore/permalink {formData, urlParams} → {key, url} */
export const createPermalink = (fd: FormData, urlParams: [string, string][]) =>
  apiPost<{ key: string; url: string }>("/api/v1/explore/permalink", { formData: fd, urlParams });
