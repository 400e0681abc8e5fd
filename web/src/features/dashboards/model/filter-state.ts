import type { DataMask, DataMaskMap } from "./dashboard-types";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The data masks a `native_filters_key` holds, from its stored JSON text. The text may come from
 * another user's URL or an older version of the page, so only entries shaped like a data mask are
 * kept (the rest fall back to their filter's default); null when nothing usable is there.
 */
export function dataMaskFromFilterState(text: string): DataMaskMap | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const out: DataMaskMap = {};
  for (const [id, mask] of Object.entries(parsed)) {
    if (!isRecord(mask)) continue;
    const { extraFormData, filterState, ownState } = mask;
    if (
      (extraFormData !== undefined && !isRecord(extraFormData)) ||
      (filterState !== undefined && !isRecord(filterState))
    )
      continue;
    const entry: DataMask = {
      id,
      extraFormData: (extraFormData ?? {}) as DataMask["extraFormData"],
      filterState: (filterState ?? {}) as DataMask["filterState"],
    };
    if (isRecord(ownState)) entry.ownState = ownState;
    out[id] = entry;
  }
  return out;
}

/** The JSON text a key stores: every applied data mask, as Superset's dashboard stores them. */
export const filterStateText = (dataMask: DataMaskMap) => JSON.stringify(dataMask);
