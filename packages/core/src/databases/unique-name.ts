import { unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";
import { DATABASE, type DatabaseEntity } from "./types.ts";

/** Database names are unique case-insensitively (as `checkName` compares), held by claim items. */
export const databaseNames = (meta: MetaStore) =>
  new UniqueNames<DatabaseEntity>(meta, {
    type: DATABASE,
    scope: "database-name",
    valueOf: (d) => d.database_name,
    fold: true,
    taken: () => unprocessable({ database_name: ["A database with the same name already exists."] }),
  });
