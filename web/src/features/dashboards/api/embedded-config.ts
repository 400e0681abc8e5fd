import type { EmbeddedConfig, EmbeddedConfigInput } from "@strata/contracts";
import useSWR from "swr";
import { apiDelete, apiGet, apiPost } from "../../../lib/api-client";
import { type ApiError, isApiError } from "../../../lib/api-error";
import { dashboardKey } from "./dashboard";

/** `/api/v1/dashboard/{id}/embedded`: the dashboard's embed config (404 when it is not embedded). */
export const embeddedConfigKey = (id: number) => `${dashboardKey(id)}/embedded`;

export function useEmbeddedConfig(id: number) {
  return useSWR<EmbeddedConfig | null, ApiError>(
    embeddedConfigKey(id),
    () =>
      apiGet<{ result: EmbeddedConfig }>(embeddedConfigKey(id)).then(
        (r) => r.result,
        (err) => {
          if (isApiError(err) && err.status === 404) return null;
          throw err;
        },
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export const saveEmbeddedConfig = (id: number, body: EmbeddedConfigInput) =>
  apiPost<{ result: EmbeddedConfig }>(embeddedConfigKey(id), body).then((r) => r.result);

export const deleteEmbeddedConfig = (id: number) => apiDelete<unknown>(embeddedConfigKey(id));
