import { invalidPayload } from "../errors.ts";
import type { CompileContext } from "./context.ts";

/** The FROM item: a quoted [catalog.][schema.]table, or the virtual dataset's SQL as a subquery. */
export function sourceSql(ctx: CompileContext): string {
  const { dataset, dialect } = ctx;
  const virtual = dataset.sql
    ?.trim()
    .replace(/;+\s*$/, "")
    .trim();
  if (virtual) {
    // Newlines keep a trailing line comment in the dataset SQL from swallowing the alias.
    return `(\n${virtual}\n) AS ${dialect.quoteIdentifier("virtual_table")}`;
  }
  if (!dataset.table_name) throw invalidPayload("The dataset has neither a table name nor SQL");
  return [dataset.catalog, dataset.schema, dataset.table_name]
    .filter((part): part is string => !!part)
    .map((part) => dialect.quoteIdentifier(part))
    .join(".");
}
