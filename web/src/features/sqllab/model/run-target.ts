import type { EstimateQueryRequest } from "@strata/contracts";
import type { QueryEditor } from "./types";

/** A run (and a cost estimate) sends the selected text if there is any, otherwise the full SQL (002 §5). */
export function sqlToRun(sql: string, selectedText: string | null | undefined): string {
  return selectedText && selectedText.trim() !== "" ? selectedText : sql;
}

/** The cost estimate request of a tab (002 §5/§7): what a run would send; null without a database. */
export function estimateRequest(
  editor: Pick<QueryEditor, "dbId" | "catalog" | "schema" | "sql" | "templateParams">,
  selectedText: string | null | undefined,
): EstimateQueryRequest | null {
  if (!editor.dbId) return null;
  return {
    database_id: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: sqlToRun(editor.sql, selectedText),
    template_params: editor.templateParams,
  };
}

/** The data preview of a table (002 §2): its select-star with a LIMIT 100. */
export function previewSql(table: string, schema: string | null, selectStar?: string | null): string {
  const base =
    selectStar?.trim().replace(/\s+LIMIT\s+\d+\s*;?$/i, "") || `SELECT *\nFROM ${quoteName(schema, table)}`;
  return `${base}\nLIMIT 100`;
}

function quoteIdent(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

function quoteName(schema: string | null, table: string): string {
  return schema ? `${quoteIdent(schema)}.${quoteIdent(table)}` : quoteIdent(table);
}

/** Superset-style 11-character client id for a run. */
export function newClientId(): string {
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
  let out = "";
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  for (const b of bytes) out += chars[b % chars.length];
  return out;
}
