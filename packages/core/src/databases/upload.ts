import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { type DuckDbEngine, type FileFormat, type FileReadOptions, importFile } from "@strata/engines";
import { forbidden, unprocessable } from "../errors.ts";
import { canAccessDatabase } from "../security/data-access.ts";
import { can, type Principal, requirePermission } from "../security/principal.ts";
import { toEngineError } from "./engine-errors.ts";
import type { Databases } from "./service.ts";

export type UploadType = "csv" | "excel" | "columnar";

/** Allowed extensions per upload type (001 §6: the extension must match the upload type). */
export const UPLOAD_EXTENSIONS: Record<UploadType, string[]> = {
  csv: ["csv", "tsv", "txt"],
  excel: ["xlsx"],
  columnar: ["parquet"],
};

export interface UploadRequest {
  type: UploadType;
  fileName: string;
  bytes: Uint8Array;
  table: string;
  schema?: string | null;
  ifExists: "fail" | "replace" | "append";
  options: FileReadOptions;
}

/** Loads an uploaded CSV, Excel or Parquet file into a table of a database that allows uploads. */
export async function uploadFile(databases: Databases, p: Principal, databaseId: number, req: UploadRequest) {
  requirePermission(p, "can_upload", "Database");
  const { db, engine } = await databases.engine(p, databaseId);
  if (!db.allow_file_upload)
    throw unprocessable(
      `Database "${db.database_name}" does not allow file uploads; an admin can turn it on in the database's settings.`,
    );
  if (db.engine !== "duckdb") throw unprocessable("Uploads can go to DuckDB databases only.");
  const ext = extname(req.fileName).slice(1).toLowerCase();
  if (!UPLOAD_EXTENSIONS[req.type].includes(ext)) {
    throw unprocessable({
      file: [
        `A ${req.type} upload takes a file ending in ${UPLOAD_EXTENSIONS[req.type].map((e) => `.${e}`).join(", ")}`,
      ],
    });
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(req.table)) {
    throw unprocessable({
      table_name: ["Use letters, digits and _ (starting with a letter or _), at most 63 characters"],
    });
  }
  const schema = req.schema ?? "main";
  if (req.ifExists !== "fail") await checkOverwrite(p, db, engine, schema, req.table);
  const format: FileFormat = req.type === "excel" ? "xlsx" : req.type === "columnar" ? "parquet" : "csv";
  const dir = await mkdtemp(join(tmpdir(), "strata-upload-"));
  const file = join(dir, `upload.${ext}`);
  try {
    await writeFile(file, req.bytes);
    return await importFile(
      engine as DuckDbEngine,
      file,
      format,
      { table: req.table, schema, ifExists: req.ifExists },
      req.options,
    );
  } catch (e) {
    throw toEngineError(e, db.engine);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `replace` and `append` into a table that exists change data that others may read: that is DML,
 * not an upload, so it needs what SQL Lab's DML needs (the database's allow_dml) and access to
 * the table's data (the database, or its schema), not only `can_upload`. Creating a new table
 * (any mode, when the table is absent) stays an upload.
 */
async function checkOverwrite(
  p: Principal,
  db: { id: number; database_name: string; allow_dml: boolean },
  engine: { tables(schema: string): Promise<{ name: string }[]> },
  schema: string,
  table: string,
) {
  const existing = await engine.tables(schema).catch(() => []);
  if (!existing.some((t) => t.name.toLowerCase() === table.toLowerCase())) return;
  const where = `"${schema}.${table}"`;
  if (!canAccessDatabase(p, db) && !can(p, "schema_access", `[${db.database_name}].[${schema}]`))
    throw forbidden(
      `You don't have access to the existing table ${where}, so you can't replace or append to it.`,
    );
  if (!db.allow_dml)
    throw unprocessable(
      `Replacing or appending to the existing table ${where} changes its data, and database "${db.database_name}" does not allow DML; an admin can turn on "Allow DML" in the database's settings, or upload to a new table.`,
    );
}
