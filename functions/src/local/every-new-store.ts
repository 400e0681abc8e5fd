import { dynaliteDb } from "./item-writes-in-one-batch.ts";

interface DynaliteDbWithCreate {
  create(options: object): unknown;
  [flag: symbol]: boolean | undefined;
}

/**
 * Runs `patch` on every dynalite store created from now on (dynalite makes its store when its
 * server is made). `name` makes it idempotent: a second call with the same name does nothing.
 */
export function patchEveryNewStore<Store>(name: string, patch: (store: Store) => void): void {
  const db = dynaliteDb() as unknown as DynaliteDbWithCreate;
  const flag = Symbol.for(name);
  if (db[flag]) return;
  const create = db.create;
  db.create = (options) => {
    const store = create.call(db, options) as Store;
    patch(store);
    return store;
  };
  db[flag] = true;
}
