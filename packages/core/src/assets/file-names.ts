/**
 * File names inside an export, as Superset builds them (werkzeug's `secure_filename`): ASCII
 * letters, digits, `_`, `.` and `-`, spaces become `_`, no leading/trailing dots or underscores.
 */
export function secureFilename(name: string | null | undefined): string {
  if (!name) return "";
  const ascii = name.normalize("NFKD").replace(/[^ -~\t\n\r]/g, "");
  const spaced = ascii.replace(/[/\\]/g, " ").trim().split(/\s+/).join("_");
  return spaced.replace(/[^A-Za-z0-9_.-]/g, "").replace(/^[._]+|[._]+$/g, "");
}

/** `<name>_<id>`, or `<name>` with `skipId`; the id alone when the name has no safe characters. */
export function fileStem(name: string | null | undefined, id: number, skipId = false): string {
  const slug = secureFilename(name);
  if (!slug) return String(id);
  return skipId ? slug : `${slug}_${id}`;
}

/** Superset's export folder timestamp: `20241125T174900`. */
export function exportTimestamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
}
