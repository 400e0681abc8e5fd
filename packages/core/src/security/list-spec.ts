import type { ListRow, ListSpec } from "../resources/list-query.ts";

/** How `GET /api/v1/security/users/` filters and sorts. */
export const USER_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["username", "first_name", "last_name", "email", "active", "roles"],
  orderColumns: ["username", "first_name", "last_name", "email", "active", "changed_on", "last_login"],
  defaultOrder: { column: "username", direction: "asc" },
};

/** How `GET /api/v1/security/roles/` filters and sorts. */
export const ROLE_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["name"],
  orderColumns: ["name", "id"],
  defaultOrder: { column: "name", direction: "asc" },
};
