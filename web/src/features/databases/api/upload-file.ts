import { apiRequest } from "../../../lib/api-client";

export type UploadType = "csv" | "excel" | "columnar";
export type AlreadyExists = "fail" | "replace" | "append";

export interface UploadRequest {
  databaseId: number;
  file: File;
  type: UploadType;
  table_name: string;
  schema: string | null;
  already_exists: AlreadyExists;
  /** Optional CSV/Excel options. */
  delimiter?: string;
  header_row?: number;
}

/** POST /api/v1/database/{id}/upload/ (multipart) → {message} */
export function uploadFile(req: UploadRequest) {
  const form = new FormData();
  form.set("file", req.file);
  form.set("type", req.type);
  form.set("table_name", req.table_name);
  if (req.schema) form.set("schema", req.schema);
  form.set("already_exists", req.already_exists);
  if (req.delimiter) form.set("delimiter", req.delimiter);
  if (req.header_row !== undefined) form.set("header_row", String(req.header_row));
  return apiRequest<{ message: string }>(`/api/v1/database/${req.databaseId}/upload/`, {
    method: "POST",
    formData: form,
    timeoutMs: 300_000,
  });
}

/** The upload type a file name implies. */
export function uploadTypeOf(fileName: string): UploadType | null {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  if (["csv", "tsv", "txt"].includes(ext)) return "csv";
  if (["xls", "xlsx"].includes(ext)) return "excel";
  if (["parquet", "zip"].includes(ext)) return "columnar";
  return null;
}
