import type { Principal } from "../security/principal.ts";
import type { AnnotationSource } from "./ports.ts";
import type { Prepared } from "./run.ts";

/**
 * Adds each item's `annotation_data` after the cache (so annotations are never served stale):
 * JSON replies only, and only for query objects that have layers.
 */
export async function annotate<T extends { meta: Record<string, unknown> }>(
  source: AnnotationSource | undefined,
  p: Principal,
  { req, compiled }: Prepared,
  items: T[],
): Promise<T[]> {
  if (!source || req.result_format !== "json") return items;
  await Promise.all(
    items.map(async (it, i) => {
      const layers = req.queries[i].annotation_layers;
      if (!layers?.length) return;
      const ctx = { query: req.queries[i], bounds: compiled[i].timeBounds };
      it.meta.annotation_data = await source.dataFor(p, layers, ctx);
    }),
  );
  return items;
}
