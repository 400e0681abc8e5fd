import type { InfoReply } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { withRisonQuery } from "../rison-query";
import { resourcePath } from "./resource-path";

/** GET /api/v1/{resource}/_info?q=(keys:!(permissions)) → {permissions: ["can_read", ...]} */
export function resourceInfoKey(resource: string): string {
  return withRisonQuery(`${resourcePath(resource)}_info`, { keys: ["permissions"] });
}

const fetchInfo = (key: string) => apiGet<InfoReply>(key);

export interface ResourcePermissions {
  loaded: boolean;
  canRead: boolean;
  canWrite: boolean;
  canExport: boolean;
  has: (permission: string) => boolean;
}

export function useResourcePermissions(resource: string | null): ResourcePermissions {
  const { data } = useSWR<InfoReply, ApiError>(resource ? resourceInfoKey(resource) : null, fetchInfo, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const perms = data?.permissions ?? [];
  const has = (p: string) => perms.includes(p);
  return {
    loaded: data !== undefined,
    canRead: has("can_read"),
    canWrite: has("can_write"),
    canExport: has("can_export"),
    has,
  };
}
