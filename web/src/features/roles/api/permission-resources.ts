import type { PermissionResource } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { withRisonQuery } from "../../../lib/rison-query";

const PAGE = 100;

/** Every permission-resource pair: GET /api/v1/security/permissions-resources/, page after page. */
export async function fetchAllPermissionResources(): Promise<PermissionResource[]> {
  const all: PermissionResource[] = [];
  for (let page = 0; page < 100; page++) {
    const body = await apiGet<{ count?: number; result: PermissionResource[] }>(
      withRisonQuery("/api/v1/security/permissions-resources/", { page, page_size: PAGE }),
    );
    all.push(...(body.result ?? []));
    const total = body.count ?? all.length;
    if ((body.result ?? []).length < PAGE || all.length >= total) break;
  }
  return all;
}

export const permissionResourcesKey = "/api/v1/security/permissions-resources/#all";

export function usePermissionResources(enabled: boolean) {
  return useSWR<PermissionResource[], ApiError>(
    enabled ? permissionResourcesKey : null,
    fetchAllPermissionResources,
    {
      revalidateOnFocus: false,
    },
  );
}
