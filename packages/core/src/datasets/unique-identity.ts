import { createHash } from "node:crypto";
import { unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";
import { DATASET, type DatasetData, type DatasetEntity } from "./types.ts";

type Identity = Pick<DatasetData, "database_id" | "catalog" | "schema" | "table_name">;

/**
 * A dataset is identified by (database, catalog, schema, table name), compared exactly as
 * `checkUnique` does. The claim value is a hash so a long table name never makes an oversized key.
 */
export function datasetIdentity(d: Identity): string {
  const parts = JSON.stringify([d.database_id, d.catalog ?? null, d.schema ?? null, d.table_name]);
  return createHash("sha256").update(parts).digest("hex");
}

/** Claims for dataset identities; `tableName` names the clash in Superset's message. */
export const datasetIdentities = (meta: MetaStore, tableName: string) =>
  new UniqueNames<DatasetEntity>(meta, {
    type: DATASET,
    scope: "dataset",
    valueOf: datasetIdentity,
    fold: false,
    taken: () => unprocessable({ table_name: [`Dataset ${tableName} already exists`] }),
  });
