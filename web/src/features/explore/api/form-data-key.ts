import type { FormData } from "../../../components/charts";
import { apiGet } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";

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

/**
 * The form data under the URL's key when the page loads (`loadKey`, null: nothing to load); null
 * without a key or when it can't be read (Explore then starts from the chart's own form data).
 * The key is read at load time: the keys the page writes back later don't reload it.
 */
export const useFormDataKey = (loadKey: string | null, key: string | undefined) =>
  useLoadOnce(loadKey === null ? null : `form-data-key|${loadKey}`, () =>
    key ? fetchFormDataKey(key).catch(() => null) : Promise.resolve(null),
  );
