import type { RoleRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/security/roles/?q=(order_column:name,page_size:100): the roles to pick from. */
export const roleChoicesKey = withRisonQuery("/api/v1/security/roles/", {
  order_column: "name",
  order_direction: "asc",
  page: 0,
  page_size: 100,
});

export const fetchRoleChoices = (key: string) =>
  apiGet<{ result: RoleRow[] }>(key).then((r) => r.result ?? []);

export function useRoleChoices() {
  return useSWR(roleChoicesKey, fetchRoleChoices, {
    revalidateOnFocus: false,
  });
}
