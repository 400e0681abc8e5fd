import { MAX_PAGE_SIZE } from "@strata/contracts";
import useSWR from "swr";
import { fetchRelated, resourceOptionsKey } from "../../../lib/resource/resource-options";
import { RLS } from "./rules";

/** What a rule refers to by id: its datasets (`tables`) and its roles. */
export type RlsRelation = "tables" | "roles";

/**
 * GET /api/v1/rowlevelsecurity/related/{tables|roles}: every option at once (one page of the
 * largest size), so a stored rule's ids can be shown by name in the list and in the modal.
 */
export const relatedNamesKey = (column: RlsRelation) =>
  resourceOptionsKey("related", RLS, column, "", 0, MAX_PAGE_SIZE);

export async function fetchRelatedNames(column: RlsRelation): Promise<Map<number, string>> {
  const { options } = await fetchRelated(RLS, column, "", 0, MAX_PAGE_SIZE);
  return new Map(options.map((o) => [Number(o.value), o.text]));
}

export function useRelatedNames(column: RlsRelation) {
  const { data } = useSWR(relatedNamesKey(column), () => fetchRelatedNames(column), {
    revalidateOnFocus: false,
  });
  return data ?? new Map<number, string>();
}
