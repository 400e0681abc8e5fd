/**
 * The visualisation types a user chose last, kept in this browser's localStorage per user (one
 * browser may be shared by several accounts), most recent first. Storage can be missing or full
 * (private windows, quotas): then nothing is remembered and nothing fails.
 */
export const RECENT_LIMIT = 6;

export const recentStorageKey = (userId: number | string | null | undefined) =>
  `strata.viz-gallery.recent.${userId ?? "anonymous"}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered keys; anything malformed in storage reads as nothing remembered. */
export function readRecentVizTypes(userId: number | string | null | undefined): string[] {
  try {
    const raw = storage()?.getItem(recentStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((k): k is string => typeof k === "string" && k.length > 0))].slice(
      0,
      RECENT_LIMIT,
    );
  } catch {
    return [];
  }
}

/** The list after choosing `key`: it moves (or enters) first, the oldest falls off past the limit. */
export function withRecent(recent: readonly string[], key: string): string[] {
  return [key, ...recent.filter((k) => k !== key)].slice(0, RECENT_LIMIT);
}

/** Remembers a chosen type and returns the new list. */
export function rememberVizType(userId: number | string | null | undefined, key: string): string[] {
  const next = withRecent(readRecentVizTypes(userId), key);
  try {
    storage()?.setItem(recentStorageKey(userId), JSON.stringify(next));
  } catch {
    // Not remembered (storage full or refused): the gallery simply shows no recent entry.
  }
  return next;
}
