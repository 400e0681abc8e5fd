import type { ListResponse, RelatedItem } from "@strata/contracts";
import { apiGet } from "../api-client";
import { withRisonQuery } from "../rison-query";
import { resourcePath } from "./resource-path";

export interface OptionsPage {
  options: RelatedItem[];
  count: number;
}

type OptionsKind = "related" | "distinct";

/** GET /api/v1/{resource}/{related|distinct}/{column}?q=(filter,page,page_size) → {count, result:[{value,text}]} */
export function resourceOptionsKey(
  kind: OptionsKind,
  resource: string,
  column: string,
  filter: string,
  page: number,
  pageSize: number,
): string {
  return withRisonQuery(`${resourcePath(resource)}${kind}/${column}`, { filter, page, page_size: pageSize });
}

async function fetchOptions(key: string): Promise<OptionsPage> {
  const body = await apiGet<Omit<ListResponse<RelatedItem>, "ids">>(key);
  return { options: body.result ?? [], count: body.count ?? 0 };
}

export function fetchRelated(resource: string, column: string, filter = "", page = 0, pageSize = 100) {
  return fetchOptions(resourceOptionsKey("related", resource, column, filter, page, pageSize));
}

export function fetchDistinct(resource: string, column: string, filter = "", page = 0, pageSize = 100) {
  return fetchOptions(resourceOptionsKey("distinct", resource, column, filter, page, pageSize));
}

/** Option loader for a list-view select filter backed by related/ or distinct/. */
export function optionsLoader(kind: OptionsKind, resource: string, column: string) {
  return async (search: string, page: number, pageSize: number) => {
    const { options, count } = await fetchOptions(
      resourceOptionsKey(kind, resource, column, search, page, pageSize),
    );
    return { options: options.map((o) => ({ label: o.text, value: o.value })), count };
  };
}
