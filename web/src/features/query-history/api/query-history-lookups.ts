import { type DatabaseRow, type ListResponse, MAX_PAGE_SIZE, type RelatedItem } from "@strata/contracts";
import useSWR from "swr";
import type { OptionsPage } from "../../../components/list-view";
import { apiGet } from "../../../lib/api-client";
import { databaseOptionsKey } from "../../../lib/database-meta/database-options";
import { optionsLoader, resourceOptionsKey } from "../../../lib/resource/resource-options";

/**
 * A history row names its database and user by id only. The server has no
 * `/api/v1/query/related/{database,user}`: databases come from the database list (what the caller
 * may see), users from the saved queries' `related/created_by` (every user, "First Last"), which
 * any SQL Lab user may read.
 */
const USERS = { resource: "saved_query", column: "created_by" } as const;

/** The Database filter's options: the database list, searched by name. */
export async function loadDatabaseOptions(
  search: string,
  page: number,
  pageSize: number,
): Promise<OptionsPage> {
  const body = await apiGet<ListResponse<DatabaseRow>>(databaseOptionsKey(search, [], page, pageSize));
  return { options: body.result.map((d) => ({ label: d.database_name, value: d.id })), count: body.count };
}

/** The User filter's options. */
export const loadUserOptions = optionsLoader("related", USERS.resource, USERS.column);

const databaseNamesKey = databaseOptionsKey("", [], 0, MAX_PAGE_SIZE);
const userNamesKey = resourceOptionsKey("related", USERS.resource, USERS.column, "", 0, MAX_PAGE_SIZE);

const fetchDatabaseNames = (key: string) =>
  apiGet<ListResponse<DatabaseRow>>(key).then(
    (r) => new Map<number, string>(r.result.map((d) => [d.id, d.database_name])),
  );

const fetchUserNames = (key: string) =>
  apiGet<{ result: RelatedItem[] }>(key).then(
    (r) => new Map<number, string>((r.result ?? []).map((u) => [Number(u.value), u.text])),
  );

const LOOKUP = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/** Database names by id (undefined until read). */
export function useDatabaseNames() {
  return useSWR(databaseNamesKey, fetchDatabaseNames, LOOKUP).data;
}

/** User names by id, read only when the caller may list other users' queries. */
export function useUserNames(enabled: boolean) {
  return useSWR(enabled ? userNamesKey : null, fetchUserNames, LOOKUP).data;
}
