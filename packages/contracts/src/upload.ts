import * as v from "valibot";

/**
 * File uploads into a database: `POST /api/v1/database/{id}/upload/` and
 * `POST /api/v1/database/upload_metadata/`, both multipart with Superset's form fields (every
 * field is text on the wire; these schemas turn them into typed options).
 */

export const UPLOAD_TYPES = ["csv", "excel", "columnar"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Rows of the preview that `upload_metadata` returns with each sheet. */
export const UPLOAD_PREVIEW_ROWS = 10;

const count = (field: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,6}$/, `${field} must be a whole number`),
    v.transform((s) => Number(s)),
  );
const flag = v.pipe(
  v.picklist(["true", "false", "1", "0", "y", "n"], "Use true or false"),
  v.transform((s) => s === "true" || s === "1" || s === "y"),
);
/** Superset's delimited list fields: `a,b,c`; empty means none. */
const list = v.pipe(
  v.string(),
  v.maxLength(10_000),
  v.transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  ),
);
const name = v.pipe(v.string(), v.trim(), v.maxLength(250));

/** The parsing options shared by the upload and its preview. */
const readingFields = {
  type: v.picklist(UPLOAD_TYPES, "type must be csv, excel or columnar"),
  delimiter: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(4, "delimiter is at most 4 characters")),
  ),
  /** The line (after skip_rows) holding the column names, 0 first; empty: the file has no header. */
  header_row: v.optional(v.union([v.literal(""), count("header_row")])),
  skip_rows: v.optional(count("skip_rows")),
  /** Strings read as NULL, comma separated (without it: empty cells). */
  null_values: v.optional(list),
  decimal_character: v.optional(v.picklist([".", ","], "decimal_character must be '.' or ','")),
  column_dates: v.optional(list),
  sheet_name: v.optional(name),
  index_column: v.optional(name),
  dataframe_index: v.optional(flag),
  index_label: v.optional(name),
  columns_read: v.optional(list),
  rows_to_read: v.optional(count("rows_to_read")),
};

/** `upload_metadata`: the file's parsing options only. */
export const UploadMetadataFormSchema = v.object(readingFields);
export type UploadMetadataForm = v.InferOutput<typeof UploadMetadataFormSchema>;

/** `upload`: the parsing options plus where the rows go and what follows. */
export const UploadFormSchema = v.object({
  ...readingFields,
  table_name: v.pipe(v.string(), v.trim(), v.minLength(1, "table_name is required"), v.maxLength(250)),
  schema: v.optional(name),
  already_exists: v.optional(
    v.picklist(["fail", "replace", "append"], "already_exists must be fail, replace or append"),
    "fail",
  ),
  /** Create (or reuse) a dataset over the table once it is written. On unless `false`, as in Superset. */
  create_dataset: v.optional(flag, "true"),
});
export type UploadForm = v.InferOutput<typeof UploadFormSchema>;

const Cell = v.union([v.string(), v.number(), v.boolean(), v.null()]);

export const UploadMetadataItemSchema = v.object({
  /** The sheet (Excel); null for other files. */
  sheet_name: v.nullable(v.string()),
  column_names: v.array(v.string()),
  /** Strata: the type each column reads as, and the first rows as read with the options. */
  column_types: v.optional(v.array(v.string())),
  rows: v.optional(v.array(v.array(Cell))),
});
export type UploadMetadataItem = v.InferOutput<typeof UploadMetadataItemSchema>;

export const UploadMetadataResponseSchema = v.object({
  result: v.object({ items: v.array(UploadMetadataItemSchema) }),
});
export type UploadMetadataResponse = v.InferOutput<typeof UploadMetadataResponseSchema>;

export const UploadResponseSchema = v.object({
  message: v.string(),
  result: v.object({
    table: v.string(),
    schema: v.string(),
    rowcount: v.number(),
    columns: v.array(v.object({ name: v.string(), type: v.string() })),
    /** The dataset over the table (created or already there); null when not asked for. */
    dataset_id: v.nullable(v.number()),
  }),
});
export type UploadResponse = v.InferOutput<typeof UploadResponseSchema>;

/** Form text for the typed options (the SPA's side of the schemas above). */
export function uploadFormFields(
  fields: Partial<Record<keyof UploadForm, string | number | boolean | string[] | null | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(",");
    } else out[key] = String(value);
  }
  return out;
}
