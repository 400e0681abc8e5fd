import { badRequest, uploadFile } from "@strata/core";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { pathId, validate } from "../http/input.ts";

const csvList = (s: string | undefined) =>
  s
    ? s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
const UploadForm = v.object({
  type: v.picklist(["csv", "excel", "columnar"], "type must be csv, excel or columnar"),
  table_name: v.pipe(v.string(), v.trim(), v.minLength(1, "table_name is required")),
  schema: v.optional(v.string()),
  already_exists: v.optional(
    v.picklist(["fail", "replace", "append"], "already_exists must be fail, replace or append"),
    "fail",
  ),
  delimiter: v.optional(v.pipe(v.string(), v.maxLength(2))),
  header_row: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, "header_row must be a number"))),
  skip_rows: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, "skip_rows must be a number"))),
  null_values: v.optional(v.string()),
  column_dates: v.optional(v.string()),
  sheet_name: v.optional(v.string()),
});

/** `POST /api/v1/database/{id}/upload/` (multipart, Superset's form fields). */
export function uploadRoute() {
  return new Hono<AppEnv>().post("/:id{[0-9]+}/upload", async (c) => {
    if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
      throw badRequest("Send the file as multipart/form-data with a 'file' field.");
    }
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) throw badRequest({ file: ["A file is required"] });
    const fields = validate(
      UploadForm,
      Object.fromEntries(
        Object.entries(form).filter(([k, value]) => k !== "file" && typeof value === "string"),
      ),
    );
    const summary = await uploadFile(c.get("core").databases, c.get("principal"), pathId(c), {
      type: fields.type,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      table: fields.table_name,
      schema: fields.schema,
      ifExists: fields.already_exists,
      options: {
        delimiter: fields.delimiter,
        header: fields.header_row === undefined ? undefined : true,
        skipRows: fields.skip_rows ? Number(fields.skip_rows) : undefined,
        nullValues: csvList(fields.null_values),
        columnDates: csvList(fields.column_dates),
        sheetName: fields.sheet_name,
      },
    });
    return c.json({ message: "OK", result: summary }, 201);
  });
}
