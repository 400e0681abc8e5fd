import type { RoleRow, UserRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { createResource, updateResource } from "../../../lib/resource/resource-write";
import { withRisonQuery } from "../../../lib/rison-query";

export const USERS = "security/users";

export interface UserBody {
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  active?: boolean;
  roles?: number[];
}

/** POST /api/v1/security/users/ */
export const createUser = (body: UserBody) => createResource<UserRow>(USERS, body);
/** PUT /api/v1/security/users/{id} */
export const updateUser = (id: number, body: UserBody) => updateResource<UserRow>(USERS, id, body);

/** GET /api/v1/security/roles/?q=(order_column:name,page_size:100): the roles to pick from. */
export const roleChoicesKey = withRisonQuery("/api/v1/security/roles/", {
  order_column: "name",
  order_direction: "asc",
  page: 0,
  page_size: 100,
});

export function useRoleChoices() {
  return useSWR(
    roleChoicesKey,
    (key: string) => apiGet<{ result: RoleRow[] }>(key).then((r) => r.result ?? []),
    {
      revalidateOnFocus: false,
    },
  );
}
