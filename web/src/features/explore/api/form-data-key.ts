import type { FormData } from "../../../components/charts";
import { apiGet } from "../../../lib/api-client";

export const formDataKeyPath = (key: string) => `/api/v1/explore/form_data/${encodeURIComponent(key)}`;

/** GET /api/v1/explore/form_data/{key} → {form_data} (JSON text) */
export async function fetchFormDataKey(key: string): Promise<Partial<FormData> | null> {
  const res = await apiGet<{ form_data: string }>(formDataKeyPath(key));
  try {
    return JSON.parse(res.form_data) as Partial<FormData>;
  } catch {
    return null;
  }
}
