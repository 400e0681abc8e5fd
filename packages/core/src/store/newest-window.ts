import type { Entity } from "./meta-store.ts";
import type { MetaStorePort } from "./store-ports.ts";

/** Entities per read of an index while filling a window. */
const PAGE = 100;

/**
 * The newest entities of a type, or of one owner (`owner`, through the owner index), until they
 * add up to `window`, each counting `weight` (1 by default; an event batch counts its events).
 * For lists over records that grow without bound (the event log, SQL Lab's query history): a
 * request reads the newest part and stops, whatever the table holds. Whole entities only, so the
 * last one may take the sum past `window`.
 */
export async function newestWithin<T>(
  meta: Pick<MetaStorePort, "newest">,
  type: string,
  opts: { owner?: number | string | null; window: number; weight?: (entity: Entity<T>) => number },
): Promise<Entity<T>[]> {
  const found: Entity<T>[] = [];
  let sum = 0;
  const pages = meta.newest<T>(type, { owner: opts.owner, pageSize: Math.min(PAGE, opts.window) });
  for await (const page of pages) {
    for (const entity of page) {
      found.push(entity);
      sum += opts.weight ? opts.weight(entity) : 1;
      if (sum >= opts.window) return found;
    }
  }
  return found;
}
