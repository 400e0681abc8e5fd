import type { MetaStore } from "./meta-store.ts";

/**
 * Deletes rows of `type` last changed before `changedBefore` (every row without it), newest
 * first, at most `max` of them: a long backlog is worked off over several calls, each bounded.
 * True when no such row is left (a failed delete leaves one, so it says false).
 */
export async function deleteChanged(
  meta: MetaStore,
  type: string,
  opts: { changedBefore?: string; max: number },
): Promise<boolean> {
  let deleted = 0;
  let failed = false;
  const pageSize = Math.min(100, opts.max + 1);
  for await (const page of meta.newest(type, { changedBefore: opts.changedBefore, pageSize })) {
    for (const row of page) {
      if (deleted >= opts.max) return false;
      await meta.delete(type, row).catch(() => {
        failed = true;
      });
      deleted++;
    }
  }
  return !failed;
}
