import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import {
  type DatasetPost,
  UPLOAD_PREVIEW_ROWS,
  type UploadMetadataItem,
  type UploadType,
} from "@strata/contracts";
import {
  type DuckDbEngine,
  type FileFormat,
  type FileReadOptions,
  importFile,
  previewFile,
  type WriteSummary,
} from "@strata/engines";
import type { Datasets } from "../datasets/service.ts";
import { AppError, forbidden, unprocessable } from "../errors.ts";
import { schemaPerm } from "../security/catalog.ts";
import { uploadSchemasOf } from "./upload-schemas.ts";
import { canAccessDatabase, canAccessDataset } from "../security/data-access.ts";
import { can, type Principal, requirePermission } from "../security/principal.ts";
import { toEngineError } from "./engine-errors.ts";
import { capabilitiesOf } from "./engine-specs.ts";
import type { Databases } from "./service.ts";
import type { DatabaseEntity } from "./types.ts";

export type { UploadType } from "@strata/contracts";

/** Allowed extensions per upload type (001 §6: the extension must match the upload type). */
export const UPLOAD_EXTENSIONS: Record<UploadType, string[]> = {
  csv: ["csv", "tsv", "txt"],
  excel: ["xlsx"],
  columnar: ["parquet"],
};

/**
 * The largest file taken (Superset's UPLOAD_MAX_FILE_SIZE_BYTES). The HTTP layer refuses larger
 * bodies before reading them; this check holds for any other caller of the core.
 */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export interface UploadFile {
  type: UploadType;
  fileName: string;
  bytes: Uint8Array;
  options: FileReadOptions;
}

export interface UploadRequest extends UploadFile {
  table: string;
  schema?: string | null;
  ifExists: "fail" | "replace" | "append";
  /** Create (or reuse) a dataset over the table once it is written. */
  createDataset?: boolean;
}

export type UploadSummary = WriteSummary & { dataset_id: number | null };

const FORMATS: Record<UploadType, FileFormat> = { csv: "csv", excel: "xlsx", columnar: "parquet" };

function checkFile(file: UploadFile): string {
  if (file.bytes.byteLength > UPLOAD_MAX_BYTES)
    throw new AppError(413, {
      message: `File size exceeds the maximum allowed size (${UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
    });
  const ext = extname(file.fileName).slice(1).toLowerCase();
  if (!UPLOAD_EXTENSIONS[file.type].includes(ext)) {
    throw unprocessable({
      file: [
        `A ${file.type} upload takes a file ending in ${UPLOAD_EXTENSIONS[file.type].map((e) => `.${e}`).join(", ")}`,
      ],
    });
  }
  return ext;
}

/** The file is written to a private temporary folder for the reader and removed whatever happens. */
async function withTempFile<T>(file: UploadFile, ext: string, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "strata-upload-"));
  const path = join(dir, `upload.${ext}`);
  try {
    await writeFile(path, file.bytes);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `POST /api/v1/database/upload_metadata/`: the file's columns (per sheet for Excel) and its first
 * rows read with the given options, so the form can show a preview before anything is written.
 */
export async function uploadMetadata(
  p: Principal,
  file: UploadFile,
): Promise<{ items: UploadMetadataItem[] }> {
  requirePermission(p, "can_upload", "Database");
  const ext = checkFile(file);
  try {
    const items = await withTempFile(file, ext, (path) =>
      previewFile(path, FORMATS[file.type], file.options, UPLOAD_PREVIEW_ROWS),
    );
    return { items: items as UploadMetadataItem[] };
  } catch (e) {
    throw toEngineError(e, "duckdb");
  }
}

/**
 * Loads an uploaded CSV, Excel or Parquet file into a table of a database that allows uploads and,
 * unless told not to, gives it a dataset (as Superset's upload does) so it can be explored at once.
 */
export async function uploadFile(
  services: { databases: Databases; datasets: Datasets },
  p: Principal,
  databaseId: number,
  req: UploadRequest,
): Promise<UploadSummary> {
  requirePermission(p, "can_upload", "Database");
  const { db, engine } = await services.databases.engine(p, databaseId);
  if (!db.allow_file_upload)
    throw unprocessable(
      `Database "${db.database_name}" does not allow file uploads; an admin can turn it on in the database's settings.`,
    );
  if (!capabilitiesOf(db.engine).supportsFileUpload)
    throw unprocessable("Uploads can go to DuckDB databases only.");
  const ext = checkFile(req);
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(req.table)) {
    throw unprocessable({
      table_name: ["Use letters, digits and _ (starting with a letter or _), at most 63 characters"],
    });
  }
  const schema = req.schema || "main";
  const allowed = uploadSchemasOf(db);
  if (allowed && !allowed.includes(schema))
    throw unprocessable({
      schema: [
        `Files can be uploaded to ${allowed.map((s) => `"${s}"`).join(", ")} on "${db.database_name}", not to "${schema}".`,
      ],
    });
  if (req.ifExists !== "fail") await checkOverwrite(p, db, engine, schema, req.table);
  // Checked before writing: an upload that can't end with its dataset should not leave a table behind.
  if (req.createDataset && !(can(p, "can_write", "Dataset") && canAccessDatabase(p, db)))
    throw forbidden(
      `You can upload to "${db.database_name}" but not create datasets on it; upload with "Create dataset" off, or ask an admin for access.`,
    );
  let summary: WriteSummary;
  try {
    summary = await withTempFile(req, ext, (path) =>
      importFile(
        engine as DuckDbEngine,
        path,
        FORMATS[req.type],
        { table: req.table, schema, ifExists: req.ifExists },
        req.options,
      ),
    );
  } catch (e) {
    throw toEngineError(e, db.engine);
  }
  const dataset_id = req.createDataset
    ? await datasetFor(services.datasets, p, db, schema, summary.table)
    : null;
  return { ...summary, dataset_id };
}

/** The dataset over the table: the existing one the caller can read (append/replace), else a new one. */
async function datasetFor(
  datasets: Datasets,
  p: Principal,
  db: DatabaseEntity,
  schema: string,
  table: string,
): Promise<number> {
  const existing = (await datasets.all()).find(
    (d) =>
      d.database_id === db.id &&
      (d.schema ?? "main") === schema &&
      !d.sql &&
      d.table_name.toLowerCase() === table.toLowerCase(),
  );
  if (existing && canAccessDataset(p, existing, db)) return existing.id;
  const body: DatasetPost = { database: db.id, schema, table_name: table };
  const created = await datasets.create(p, body);
  return created.id;
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
  if (!canAccessDatabase(p, db) && !can(p, "schema_access", schemaPerm(db.database_name, schema)))
    throw forbidden(
      `You don't have access to the existing table ${where}, so you can't replace or append to it.`,
    );
  if (!db.allow_dml)
    throw unprocessable(
      `Replacing or appending to the existing table ${where} changes its data, and database "${db.database_name}" does not allow DML; an admin can turn on "Allow DML" in the database's settings, or upload to a new table.`,
    );
}
