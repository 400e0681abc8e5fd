import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { FUNCTION_DEFAULTS } from "../../stacks/defaults.ts";
import { recordResults } from "./results.ts";

/**
 * `npm run bench:bundle`: the API Lambda bundled the way SST v2 bundles it on deploy (ESM,
 * minified, the same externals and options as `stacks/defaults.ts`, SST's banner), written to a
 * temporary folder and measured. `startup` counts the bytes Lambda reads on a cold start: the
 * entry file and every chunk it imports statically; `lazy` are chunks only reached through
 * dynamic `import()` (loaded on first use). Prints the largest packages of the startup bytes,
 * after checking that the bundled handler loads on its own (no node_modules beside it).
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The part of esbuild's metafile read here. */
interface Metafile {
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}
/**
 * The esbuild SST deploys with (its own dependency, resolved from SST's folder), so the size is
 * what a deploy would upload.
 */
const { build } = createRequire(createRequire(import.meta.url).resolve("sst/package.json"))("esbuild") as {
  build(options: Record<string, unknown>): Promise<{ metafile: Metafile }>;
};
/** What SST always marks external besides the app's list (its `forceExternal`, Node 18+). */
const SST_FORCE_EXTERNAL = ["sharp", "pg-native"];
/** SST's ESM banner: gives bundled CommonJS code `require` and `__dirname`. */
const SST_ESM_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  "const require = topLevelCreateRequire(import.meta.url);",
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

export interface BundleSize {
  /** Entry file plus the chunks it imports statically: what a cold start loads. */
  startupBytes: number;
  /** Chunks reached only through dynamic `import()`. */
  lazyBytes: number;
  /** Output bytes per package (or source folder) within the startup files, largest first. */
  startupByPackage: [string, number][];
}

/** Which package (or workspace folder) an esbuild input path belongs to. */
function packageOf(input: string): string {
  const nm = input.lastIndexOf("node_modules/");
  if (nm < 0) return input.split("/").slice(0, 2).join("/");
  const rest = input.slice(nm + "node_modules/".length).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** Output files reachable from `entry` through static imports only. */
function staticClosure(meta: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? [])
      if (imp.kind === "import-statement" && meta.outputs[imp.path]) visit(imp.path);
  };
  visit(entry);
  return seen;
}

export async function measureApiBundle(handler = "functions/src/lambda/api.ts"): Promise<BundleSize> {
  const nodejs = FUNCTION_DEFAULTS.nodejs ?? {};
  const { external = [], ...override } = (nodejs.esbuild ?? {}) as { external?: string[] };
  const out = mkdtempSync(join(tmpdir(), "strata-bundle-"));
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [join(ROOT, handler)],
      platform: "node",
      external: [...SST_FORCE_EXTERNAL, ...(nodejs.install ?? []), ...external],
      keepNames: true,
      bundle: true,
      logLevel: "silent",
      splitting: nodejs.splitting,
      metafile: true,
      format: "esm",
      target: "esnext",
      mainFields: ["module", "main"],
      banner: { js: SST_ESM_BANNER },
      outExtension: { ".js": ".mjs" },
      outdir: out,
      minify: nodejs.minify,
      ...override,
    });
    const meta = result.metafile;
    const outputs = Object.keys(meta.outputs).filter((f) => !f.endsWith(".map"));
    // Every dynamic import target is an "entry point" of its own chunk: pick the handler's.
    const entry = outputs.find((f) => meta.outputs[f].entryPoint === handler);
    if (!entry) throw new Error("esbuild produced no entry file");
    // The bundle must at least load: a module it needs at start but cannot find fails here.
    const loaded = spawnSync(
      process.execPath,
      [
        "-e",
        `import(${JSON.stringify(join(ROOT, entry))}).then((m) => { if (typeof m.handler !== "function") process.exit(2); })`,
      ],
      { cwd: out, encoding: "utf8" },
    );
    if (loaded.status !== 0)
      throw new Error(`The bundled handler does not load: ${loaded.stderr.slice(0, 500)}`);
    const startup = staticClosure(meta, entry);
    const size = (f: string) => statSync(join(ROOT, f)).size;
    const byPackage = new Map<string, number>();
    for (const f of startup)
      for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[f].inputs)) {
        const key = packageOf(relative(ROOT, join(ROOT, input)));
        byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
      }
    return {
      startupBytes: [...startup].reduce((n, f) => n + size(f), 0),
      lazyBytes: outputs.filter((f) => !startup.has(f)).reduce((n, f) => n + size(f), 0),
      startupByPackage: [...byPackage].sort((a, b) => b[1] - a[1]),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

export function printBundleSize(s: BundleSize, top = 15): void {
  console.log("API Lambda bundle (esbuild as SST deploys it: ESM, minified)");
  console.log(`  startup ${s.startupBytes.toLocaleString()} bytes (${kb(s.startupBytes)})`);
  console.log(
    `  lazy chunks ${s.lazyBytes.toLocaleString()} bytes (${kb(s.lazyBytes)}), loaded on first use`,
  );
  console.log(`  largest in the startup bytes:`);
  for (const [name, bytes] of s.startupByPackage.slice(0, top))
    console.log(`    ${kb(bytes).padStart(8)}  ${name}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await measureApiBundle();
  printBundleSize(size);
  recordResults({ api_bundle_bytes: size.startupBytes });
}
