import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { AssetResource } from "@strata/contracts";
import { CliError, connect, DEFAULT_URL, type Env } from "./connection.ts";
import { exportAssets } from "./export.ts";
import { importAssets, loadBundle, readPasswords, resourceOf } from "./import.ts";

/** `strata export` flags and the resource each one names. */
const EXPORT_FLAGS: Record<string, AssetResource> = {
  dashboards: "dashboard",
  charts: "chart",
  datasets: "dataset",
  databases: "database",
  "saved-queries": "saved_query",
};

export const USAGE = `Strata assets as code: keep dashboards, charts, datasets, databases and saved queries
as YAML files (Superset's export format) and move them between Strata instances.

Usage:
  strata export --dashboards 1,2 --out DIR      write the export as files under DIR
                (or --charts, --datasets, --databases, --saved-queries)
  strata import DIR|FILE.zip [--overwrite] [--passwords FILE.json]
                                                import a folder written by export, or an export ZIP

  --overwrite          replace assets that already exist (matched by uuid)
  --passwords FILE     JSON object of database file to password, e.g. {"databases/pg.yaml": "secret"}

Environment:
  STRATA_URL           the server (default ${DEFAULT_URL})
  STRATA_TOKEN         an access token (Bearer), or
  STRATA_USERNAME, STRATA_PASSWORD   to log in for one
`;

export interface Io {
  env: Env;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; answers the process exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === "--help" || command === "-h" || command === "help") {
      io.out(USAGE);
      return command ? 0 : 2;
    }
    if (command === "export") return await runExport(rest, io);
    if (command === "import") return await runImport(rest, io);
    throw new CliError(`Unknown command "${command}". Run strata --help.`);
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`strata: ${err.message}`);
      return 1;
    }
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`strata: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
}

async function runExport(args: string[], io: Io): Promise<number> {
  const options: Record<string, { type: "string" }> = { out: { type: "string" } };
  for (const flag of Object.keys(EXPORT_FLAGS)) options[flag] = { type: "string" };
  const { values } = parseArgs({ args, options, strict: true });
  const chosen = Object.keys(EXPORT_FLAGS).filter((flag) => values[flag] !== undefined);
  if (chosen.length !== 1) {
    throw new CliError(
      "Name one kind to export: --dashboards, --charts, --datasets, --databases or --saved-queries.",
    );
  }
  if (!values.out) throw new CliError("Name the folder to write with --out DIR.");
  const flag = chosen[0];
  const ids = parseIds(String(values[flag]), flag);
  const conn = await connect(io.env);
  const written = await exportAssets(conn, EXPORT_FLAGS[flag], ids, values.out);
  for (const file of written) io.out(`  ${file}`);
  io.out(`Exported ${written.length} files to ${values.out}`);
  return 0;
}

async function runImport(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { overwrite: { type: "boolean" }, passwords: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new CliError("Name one folder or ZIP file to import.");
  const source = positionals[0];
  const tree = await loadBundle(source);
  resourceOf(tree); // a folder that is not a bundle fails here, before any login
  const passwords = values.passwords ? await readPasswords(values.passwords) : undefined;
  const conn = await connect(io.env);
  const { resource, warnings } = await importAssets(conn, tree, { overwrite: values.overwrite, passwords });
  for (const warning of warnings) io.err(`warning: ${warning}`);
  io.out(`Imported ${source} (${tree.size} files) into ${conn.url} as ${resource} bundle`);
  return 0;
}

function parseIds(text: string, flag: string): number[] {
  const ids = text.split(",").map((part) => part.trim());
  if (ids.length === 0 || ids.some((id) => !/^[1-9]\d*$/.test(id))) {
    throw new CliError(`--${flag} takes ids separated by commas, e.g. --${flag} 1,2.`);
  }
  return ids.map(Number);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await main(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exitCode = code;
}
