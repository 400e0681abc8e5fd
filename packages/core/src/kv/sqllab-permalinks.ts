import type { SqlLabPermalinkState } from "@strata/contracts";
import type { Databases } from "../databases/service.ts";
import { notFound } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type KeyValueStore, newKey, storeKey } from "./keys.ts";

/** Superset writes SQL Lab permalink keys as `kv:<key>`; both spellings are read. */
const PREFIX = "kv:";
const NOT_FOUND = "Permalink not found";

/** SQL Lab permalinks: an editor's state, readable by whoever may use its database. */
export class SqlLabPermalinks {
  constructor(
    private readonly store: KeyValueStore,
    private readonly databases: Pick<Databases, "get">,
  ) {}

  /** Stores the state; answers its public key (`kv:…`). */
  async create(p: Principal, state: SqlLabPermalinkState): Promise<string> {
    await this.databases.get(p, state.dbId);
    const key = newKey();
    await this.store.putValue(storeKey.sqlLabPermalink(key), state);
    return `${PREFIX}${key}`;
  }

  async read(p: Principal, publicKey: string): Promise<SqlLabPermalinkState> {
    const key = publicKey.startsWith(PREFIX) ? publicKey.slice(PREFIX.length) : publicKey;
    const state = await this.store.getValue<SqlLabPermalinkState>(storeKey.sqlLabPermalink(key));
    if (!state) throw notFound(NOT_FOUND);
    await this.databases.get(p, state.dbId).catch(() => {
      throw notFound(NOT_FOUND);
    });
    return state;
  }
}
