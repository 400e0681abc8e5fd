import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { AssetResource, ImportResponse } from "@strata/contracts";
import { CliError, type Connection, call, failUnlessOk } from "./connection.ts";
import { readTree, type Tree, treeFromZip, zipFromTree } from "./zip-tree.ts";

/** metadata.yaml's `type` → the resource whose import endpoint takes the bundle. */
const RESOURCE_OF_TYPE: Record<string, AssetResource> = {
  Dashboard: "dashboard",
  Slice: "chart",
  SqlaTable: "dataset",
  Database: "database",
  SavedQuery: "saved_query",
};

export interface ImportOptions {
  overwrite?: boolean;
  /** Database file path in the bundle → its password (Superset's `passwords` field). */
  passwords?: Record<string, string>;
}

/** The bundle from a folder written by `strata export`, or from an export ZIP. */
export async function loadBundle(source: string): Promise<Tree> {
  const info = await stat(source).catch(() => {
    throw new CliError(`${source} does not exist.`);
  });
  if (info.isDirectory()) return readTree(source);
  try {
    return treeFromZip(new Uint8Array(await readFile(source)));
  } catch (err) {
    throw new CliError(`${source} is not a readable ZIP archive: ${(err as Error).message}`);
  }
}

/** The resource a bundle imports into, read from its metadata.yaml. */
export function resourceOf(tree: Tree): AssetResource {
  const metadata = tree.get("metadata.yaml");
  if (!metadata) throw new CliError("No metadata.yaml found: this is not an export bundle.");
  const type = /^type:\s*['"]?([A-Za-z]+)['"]?\s*$/m.exec(new TextDecoder().decode(metadata))?.[1];
  // Own keys only: `type: constructor` is an unknown type, not Object.prototype's constructor.
  const resource = type && Object.hasOwn(RESOURCE_OF_TYPE, type) ? RESOURCE_OF_TYPE[type] : undefined;
  if (!resource) throw new CliError(`metadata.yaml has an unknown type (${type ?? "none"}).`);
  return resource;
}

/** A refused import: Superset's 422 with one message per file (password prompts, already exists). */
export class ImportRefused extends CliError {
  constructor(readonly problems: string[]) {
    super(`The import was refused:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}

/** Zips the bundle under one top folder and posts it to `/api/v1/{resource}/import/`. */
export async function importAssets(conn: Connection, tree: Tree, options: ImportOptions = {}) {
  const resource = resourceOf(tree);
  const form = new FormData();
  const zip = zipFromTree(tree, `${resource}_export`);
  form.set("formData", new File([zip as Uint8Array<ArrayBuffer>], `${resource}_export.zip`));
  form.set("overwrite", options.overwrite ? "true" : "false");
  if (options.passwords) form.set("passwords", JSON.stringify(options.passwords));
  const res = await call(conn, `/api/v1/${resource}/import/`, { method: "POST", body: form });
  if (res.status === 422) throw new ImportRefused(await refusals(res));
  await failUnlessOk(res, `Importing into ${resource}`);
  const body = (await res.json()) as ImportResponse;
  return { resource, warnings: body.warnings ?? [] };
}

/** Each file's problem from Superset's `{errors: [{message, extra: {file: problem}}]}`. */
async function refusals(res: Response): Promise<string[]> {
  const body = (await res.json().catch(() => ({}))) as {
    message?: unknown;
    errors?: { message?: string; extra?: Record<string, unknown> }[];
  };
  const out: string[] = [];
  for (const error of body.errors ?? []) {
    const files = Object.entries(error.extra ?? {}).filter(([key]) => key !== "issue_codes");
    if (files.length === 0 && error.message) out.push(error.message);
    for (const [file, problem] of files) {
      out.push(`${file}: ${typeof problem === "string" ? problem : JSON.stringify(problem)}`);
    }
  }
  if (out.length === 0) out.push(typeof body.message === "string" ? body.message : "HTTP 422");
  return out;
}

/** `--passwords FILE.json`: a JSON object of database file path → password. */
export async function readPasswords(path: string): Promise<Record<string, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (err) {
    throw new CliError(`Cannot read ${basename(path)} as JSON: ${(err as Error).message}`);
  }
  if (
    !parsed ||
    typeof parsed !== "object" ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== "string")
  ) {
    throw new CliError(
      `${basename(path)} must be a JSON object of database file to password, e.g. {"databases/examples.yaml": "secret"}.`,
    );
  }
  return parsed as Record<string, string>;
}
