import {
  type UploadMetadataForm,
  UploadFormSchema,
  UploadMetadataFormSchema,
  type UploadMetadataResponse,
  type UploadResponse,
} from "@strata/contracts";
import { badRequest, type UploadFile, uploadFile, uploadMetadata, type FileReadOptions } from "@strata/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { pathId, validate } from "../http/input.ts";

/** The multipart body: the file, and the text fields for the schema. */
async function multipart(c: Context<AppEnv>): Promise<{ file: File; fields: Record<string, string> }> {
  if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
    throw badRequest("Send the file as multipart/form-data with a 'file' field.");
  }
  const form = await c.req.parseBody();
  const file = form.file;
  if (!(file instanceof File)) throw badRequest({ file: ["A file is required"] });
  const fields = Object.fromEntries(
    Object.entries(form).filter((e): e is [string, string] => e[0] !== "file" && typeof e[1] === "string"),
  );
  return { file, fields };
}

/** Superset's field names → the file reader's options. */
function readOptions(f: UploadMetadataForm): FileReadOptions {
  return {
    delimiter: f.delimiter,
    // As pandas' `header`: a line number, 0 by default; an empty field means there is no header.
    header: f.header_row !== "",
    headerRow: typeof f.header_row === "number" ? f.header_row : undefined,
    skipRows: f.skip_rows,
    nullValues: f.null_values,
    decimalCharacter: f.decimal_character,
    columnDates: f.column_dates,
    sheetName: f.sheet_name || undefined,
    indexColumn: f.index_column || undefined,
    dataframeIndex: f.dataframe_index,
    indexLabel: f.index_label || undefined,
    columnsRead: f.columns_read,
    rowsToRead: f.rows_to_read || undefined,
  };
}

async function uploadedFile(file: File, f: UploadMetadataForm): Promise<UploadFile> {
  return {
    type: f.type,
    fileName: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    options: readOptions(f),
  };
}

/**
 * `POST /api/v1/database/{id}/upload/` (writes the table, then its dataset) and
 * `POST /api/v1/database/upload_metadata/` (columns and first rows for the form's preview).
 */
export function uploadRoute() {
  return new Hono<AppEnv>()
    .post("/upload_metadata", async (c) => {
      const { file, fields } = await multipart(c);
      const form = validate(UploadMetadataFormSchema, fields);
      const result = await uploadMetadata(c.get("principal"), await uploadedFile(file, form));
      return c.json({ result } satisfies UploadMetadataResponse);
    })
    .post("/:id{[0-9]+}/upload", async (c) => {
      const { file, fields } = await multipart(c);
      const form = validate(UploadFormSchema, fields);
      const result = await uploadFile(c.get("core"), c.get("principal"), pathId(c), {
        ...(await uploadedFile(file, form)),
        table: form.table_name,
        schema: form.schema || undefined,
        ifExists: form.already_exists,
        createDataset: form.create_dataset,
      });
      return c.json({ message: "OK", result } satisfies UploadResponse, 201);
    });
}
