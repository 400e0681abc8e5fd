import type { DatabaseEntity } from "./types.ts";

/**
 * The schemas files may be uploaded into, as Superset's database `extra` names them
 * (`"schemas_allowed_for_file_upload": ["uploads"]`; the older `schemas_allowed_for_csv_upload`
 * too): null when it names none, meaning any schema. An admin uses it to keep uploaded tables
 * away from the schemas reports read.
 */
export function uploadSchemasOf(db: Pick<DatabaseEntity, "extra">): string[] | null {
  let extra: Record<string, unknown>;
  try {
    const parsed = JSON.parse(db.extra || "{}") as unknown;
    extra = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return null;
  }
  const listed = extra.schemas_allowed_for_file_upload ?? extra.schemas_allowed_for_csv_upload;
  const names = Array.isArray(listed) ? listed : typeof listed === "string" ? listed.split(",") : [];
  const schemas = names
    .filter((s): s is string => typeof s === "string")
    .map((s) => s.trim())
    .filter(Boolean);
  return schemas.length > 0 ? schemas : null;
}
