import {
  type AssetResource,
  BundleMetadataSchema,
  type ChartFile,
  ChartFileSchema,
  type DashboardFile,
  DashboardFileSchema,
  type DatabaseFile,
  DatabaseFileSchema,
  type DatasetFile,
  DatasetFileSchema,
  type SavedQueryFile,
  SavedQueryFileSchema,
  TagsFileSchema,
} from "@strata/contracts";
import * as v from "valibot";
import { AppError, badRequest } from "../errors.ts";
import { parseYaml, YamlProblem } from "./bundle-yaml.ts";
import { BUNDLE_LIMITS, isZip, readZip } from "./bundle-zip.ts";
import { importError } from "./import-errors.ts";
import { MODEL_TYPE } from "./serialize.ts";

export interface Bundle {
  databases: Map<string, DatabaseFile>;
  datasets: Map<string, DatasetFile>;
  charts: Map<string, ChartFile>;
  dashboards: Map<string, DashboardFile>;
  queries: Map<string, SavedQueryFile>;
  /** Descriptions of the tags named by charts and dashboards, from `tags.yaml` (when present). */
  tagDescriptions: Map<string, string | null>;
}

/** The folder each asset kind lives in, and the schema of its files. */
const KINDS = {
  databases: DatabaseFileSchema,
  datasets: DatasetFileSchema,
  charts: ChartFileSchema,
  dashboards: DashboardFileSchema,
  queries: SavedQueryFileSchema,
} as const;
type Kind = keyof typeof KINDS;

/** Where a single uploaded asset file belongs, by the resource it was uploaded to. */
const FOLDER_OF: Record<AssetResource, Kind> = {
  dashboard: "dashboards",
  chart: "charts",
  dataset: "datasets",
  database: "databases",
  saved_query: "queries",
};

/** Superset skips system files and anything not YAML inside a bundle. */
function isAssetFile(path: string): boolean {
  const base = path.split("/").pop() ?? "";
  return !base.startsWith(".") && !base.startsWith("_") && /\.ya?ml$/i.test(base);
}

/** Paths without the bundle's top folder (Superset's `remove_root`). */
function withoutRoot(files: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, text] of files) {
    const parts = name.split("/");
    const rel = parts.length > 1 ? parts.slice(1).join("/") : name;
    if (isAssetFile(rel)) out.set(rel, text);
  }
  return out;
}

/** Marshmallow-style messages for one file: `{field: ["message"]}`. */
function fieldMessages(issues: v.BaseIssue<unknown>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join(".") || "_schema";
    const message = issue.input === undefined ? "Missing data for required field." : issue.message;
    out[path] = [...(out[path] ?? []), message];
  }
  return out;
}

/**
 * The upload as asset configs by folder, after every structural check: a ZIP bundle with a
 * metadata.yaml of the right type, or one YAML/JSON asset file. Problems in files are collected
 * (file → message) and answered together as one 422, the way Superset reports them.
 */
export function readBundle(
  resource: AssetResource,
  upload: { name: string; bytes: Uint8Array },
): { bundle: Bundle; single: boolean } {
  if (upload.bytes.length > BUNDLE_LIMITS.maxUploadBytes) {
    throw new AppError(413, { message: "The file is larger than 100 MB." });
  }
  let contents: Map<string, string>;
  let single = false;
  if (isZip(upload.bytes)) {
    contents = withoutRoot(readZip(upload.bytes));
  } else if (/\.(ya?ml|json)$/i.test(upload.name)) {
    if (upload.bytes.length > BUNDLE_LIMITS.maxEntryBytes) {
      throw new AppError(413, { message: "One asset file may hold at most 20 MB." });
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(upload.bytes);
    } catch {
      throw badRequest("The file is not UTF-8 text.");
    }
    single = true;
    contents = new Map([[`${FOLDER_OF[resource]}/${upload.name.split(/[/\\]/).pop()}`, text]]);
  } else {
    throw badRequest(
      "The file is not a ZIP archive, YAML or JSON: upload an export bundle (.zip) or one asset file (.yaml, .yml, .json).",
    );
  }
  const errors: Record<string, unknown> = {};
  const load = (path: string, text: string): unknown => {
    try {
      return parseYaml(text);
    } catch (e) {
      errors[path] =
        `Not a valid YAML file: ${e instanceof YamlProblem ? e.message : "it could not be read"}`;
      return undefined;
    }
  };
  if (!single) {
    const text = contents.get("metadata.yaml");
    if (text === undefined) {
      errors["metadata.yaml"] = "Missing metadata.yaml: this is not an export bundle.";
    } else {
      const metadata = v.safeParse(BundleMetadataSchema, load("metadata.yaml", text));
      if (!metadata.success && !errors["metadata.yaml"]) {
        errors["metadata.yaml"] = fieldMessages(metadata.issues);
      } else if (metadata.success && metadata.output.type !== undefined) {
        const expected = MODEL_TYPE[resource];
        if (metadata.output.type !== expected) {
          errors["metadata.yaml"] = { type: [`Must be equal to ${expected}.`] };
        }
      }
    }
  }
  const bundle: Bundle = {
    databases: new Map(),
    datasets: new Map(),
    charts: new Map(),
    dashboards: new Map(),
    queries: new Map(),
    tagDescriptions: new Map(),
  };
  const tagsText = single ? undefined : contents.get("tags.yaml");
  if (tagsText?.trim()) {
    const value = load("tags.yaml", tagsText);
    const parsed = value === undefined ? undefined : v.safeParse(TagsFileSchema, value);
    if (parsed && !parsed.success) errors["tags.yaml"] = fieldMessages(parsed.issues);
    else if (parsed?.success)
      for (const t of parsed.output.tags) bundle.tagDescriptions.set(t.tag_name, t.description ?? null);
  }
  for (const [path, text] of contents) {
    const kind = path.split("/")[0] as Kind;
    // The folder is the upload's text: own keys only, or `constructor/x.yaml` would be parsed
    // with Object.prototype.constructor as its schema.
    if (!Object.hasOwn(KINDS, kind) || !text.trim()) continue;
    const value = load(path, text);
    if (value === undefined) continue;
    const parsed = v.safeParse(KINDS[kind], value);
    if (!parsed.success) {
      errors[path] = fieldMessages(parsed.issues);
      continue;
    }
    (bundle[kind] as Map<string, unknown>).set(path, parsed.output);
  }
  if (Object.keys(errors).length) throw importError(resource, errors);
  const { tagDescriptions: _t, ...assets } = bundle;
  if (Object.values(assets).every((m) => m.size === 0)) {
    throw importError(resource, { _schema: "No valid import files were found in the upload." });
  }
  return { bundle, single };
}
