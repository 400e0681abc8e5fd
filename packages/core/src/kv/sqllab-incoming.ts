import { parseDatasourceKey, type SqlLabIncomingQuery } from "@strata/contracts";
import type { Datasets } from "../datasets/service.ts";
import { badRequest, notFound } from "../errors.ts";
import { type Principal, requireUser } from "../security/principal.ts";
import { type KeyValueStore, newKey, storeKey } from "./keys.ts";

/** An incoming query waits an hour for its poster to open SQL Lab. */
export const INCOMING_TTL_SECONDS = 3600;

interface StoredIncoming extends SqlLabIncomingQuery {
  userId: number;
}

/**
 * Queries posted to `/sqllab/` (a dataset key and SQL, from another page or tool): kept for their
 * poster only, until SQL Lab opens them.
 */
export class SqlLabIncoming {
  constructor(
    private readonly store: KeyValueStore,
    private readonly datasets: Pick<Datasets, "get">,
  ) {}

  /** Keeps the query of a dataset the caller may read; answers the key SQL Lab opens it by. */
  async create(p: Principal, post: { datasourceKey: string; sql: string }): Promise<string> {
    const user = requireUser(p);
    const key = parseDatasourceKey(post.datasourceKey);
    if (!key || !post.sql.trim())
      throw badRequest({ datasourceKey: ["Post a datasourceKey like 7__table and the sql to open"] });
    const { ds } = await this.datasets.get(p, key.id);
    const id = newKey();
    const stored: StoredIncoming = {
      userId: user.id,
      sql: post.sql,
      database_id: ds.database_id,
      schema: ds.schema,
      datasource_key: `${key.id}__${key.type}`,
    };
    await this.store.putValue(storeKey.sqlLabIncoming(id), stored, { ttlSeconds: INCOMING_TTL_SECONDS });
    return id;
  }

  /** The caller's own incoming query; anyone else's (or an expired one) is not found. */
  async read(p: Principal, id: string): Promise<SqlLabIncomingQuery> {
    const stored = await this.store.getValue<StoredIncoming>(storeKey.sqlLabIncoming(id));
    if (!stored || stored.userId !== p.user?.id)
      throw notFound("The requested query was not found or has expired.");
    const { userId: _u, ...query } = stored;
    return query;
  }
}
