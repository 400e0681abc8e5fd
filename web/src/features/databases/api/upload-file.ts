import {
  type UploadForm,
  type UploadMetadataForm,
  type UploadMetadataResponse,
  type UploadResponse,
  type UploadType,
  uploadFormFields,
} from "@strata/contracts";
import useSWR from "swr";
import { apiRequest } from "../../../lib/api-client";

export type { UploadType } from "@strata/contracts";
export type AlreadyExists = UploadForm["already_exists"];

/** The parsing options as the form holds them (Superset's field names). */
export type ReadOptions = Omit<UploadMetadataForm, "type">;

export interface UploadRequest extends ReadOptions {
  databaseId: number;
  file: File;
  type: UploadType;
  table_name: string;
  schema: string | null;
  already_exists: AlreadyExists;
  create_dataset: boolean;
}

function formOf(file: File, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set("file", file);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** POST /api/v1/database/{id}/upload/ (multipart) → the table written and its dataset. */
export function uploadFile({ databaseId, file, ...fields }: UploadRequest) {
  return apiRequest<UploadResponse>(`/api/v1/database/${databaseId}/upload/`, {
    method: "POST",
    formData: formOf(file, uploadFormFields(fields)),
    timeoutMs: 300_000,
  });
}

/** POST /api/v1/database/upload_metadata/ → columns (per sheet) and the first rows as read with the options. */
export function fetchUploadMetadata(file: File, type: UploadType, options: ReadOptions) {
  return apiRequest<UploadMetadataResponse>("/api/v1/database/upload_metadata/", {
    method: "POST",
    formData: formOf(file, uploadFormFields({ type, ...options })),
    timeoutMs: 120_000,
  }).then((r) => r.result.items);
}

/** The preview of the chosen file, read again whenever the options change. */
export function useUploadMetadata(file: File | null, type: UploadType, options: ReadOptions) {
  const key = file
    ? ["upload-metadata", file.name, file.size, file.lastModified, type, JSON.stringify(options)]
    : null;
  return useSWR(key, () => fetchUploadMetadata(file as File, type, options), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
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
