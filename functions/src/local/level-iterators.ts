import { createRequire } from "node:module";

type IteratorClass = { prototype: { close(): Promise<void>; return?: () => Promise<void> } };

/** The abstract-level module the DynamoDB stand-in's databases are built on (disk and memory). */
export function standInLevelModules(): {
  AbstractIterator: IteratorClass;
  AbstractKeyIterator: IteratorClass;
  AbstractValueIterator: IteratorClass;
}[] {
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve("dynalite"));
  const modules = new Set<string>();
  for (const store of ["classic-level", "memory-level"])
    modules.add(createRequire(fromDynalite.resolve(store)).resolve("abstract-level"));
  const load = createRequire(import.meta.url);
  return [...modules].map((path) => load(path));
}

/**
 * dynalite 4 reads LevelDB through iterators wrapped in streams, and ends an iterator, when its
 * stream ends or a query stops early, by calling `iterator.return()`. abstract-level 3's iterators
 * have no such method (they end with `close()`), so every Query and Scan left its iterator open:
 * a LevelDB snapshot and native buffers, plus the database's own list of open iterators holding
 * the JS side. The local server grew by several KB per Query, without bound (about 40 MB for each
 * 20 s of the load bench's dataset list). Giving the iterators the `return()` dynalite calls, as
 * `close()`, ends each one when its query is done. Idempotent; a version that has `return` keeps it.
 */
export function closeStandInIteratorsOnReturn(): void {
  for (const level of standInLevelModules())
    for (const Iterator of [level.AbstractIterator, level.AbstractKeyIterator, level.AbstractValueIterator]) {
      if ("return" in Iterator.prototype) continue;
      Object.defineProperty(Iterator.prototype, "return", {
        value(this: { close(): Promise<void> }) {
          return this.close();
        },
        configurable: true,
        writable: true,
      });
    }
}
