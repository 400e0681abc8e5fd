import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import ts from "typescript";

/**
 * `node --import tsx test/bench/spa-size.ts` (after `npm run build:web`): what the SPA's first
 * page load costs in JavaScript, read from `web/dist`. The initial JS is the entry script of
 * `index.html` and every chunk it reaches through static `import`/`export … from` (what the
 * browser must fetch before anything renders); every other chunk is lazy, loaded by a dynamic
 * `import()` when a page or a chart family first needs it. Sizes are gzip (level 9, close to
 * what CloudFront and the local server send) and raw bytes.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DIST = join(ROOT, "web/dist");

export interface ChunkSize {
  file: string;
  bytes: number;
  gzBytes: number;
}

export interface SpaSize {
  entry: string;
  /** The entry chunk and its static imports, transitively. */
  initial: ChunkSize[];
  initialBytes: number;
  initialGzBytes: number;
  /** Every JS chunk outside the initial set, largest (gzip) first. */
  lazy: ChunkSize[];
}

/** The module specifiers a chunk imports statically (top-level import and re-export declarations). */
export function staticImports(source: string): string[] {
  const file = ts.createSourceFile("chunk.js", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      found.push(statement.moduleSpecifier.text);
  }
  return found;
}

function sizeOf(dist: string, file: string): ChunkSize {
  const body = readFileSync(join(dist, file));
  return { file, bytes: body.length, gzBytes: gzipSync(body, { level: 9 }).length };
}

/** Measures a built SPA; throws (never guesses) when there is no build to read. */
export function measureSpa(dist = DIST): SpaSize {
  const html = join(dist, "index.html");
  if (!existsSync(html)) throw new Error(`No SPA build in ${dist}: run \`npm run build:web\` first.`);
  const entryMatch = readFileSync(html, "utf8").match(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/);
  if (!entryMatch) throw new Error(`${html} has no module entry script`);
  const entry = entryMatch[1];
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    const path = join(dist, file);
    if (!existsSync(path)) throw new Error(`${file} is imported but missing from ${dist}`);
    initial.add(file);
    for (const spec of staticImports(readFileSync(path, "utf8"))) {
      // Chunks import each other by relative path; anything else (a bare name) would fail in the browser.
      if (!spec.startsWith(".") && !spec.startsWith("/")) throw new Error(`${file} imports "${spec}"`);
      visit(spec.startsWith("/") ? spec.slice(1) : posix.join(posix.dirname(file), spec));
    }
  };
  visit(entry);
  const allJs = readdirSync(join(dist, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `assets/${f}`);
  const initialSizes = [...initial].map((f) => sizeOf(dist, f));
  return {
    entry,
    initial: initialSizes.sort((a, b) => b.gzBytes - a.gzBytes),
    initialBytes: initialSizes.reduce((n, c) => n + c.bytes, 0),
    initialGzBytes: initialSizes.reduce((n, c) => n + c.gzBytes, 0),
    lazy: allJs
      .filter((f) => !initial.has(f))
      .map((f) => sizeOf(dist, f))
      .sort((a, b) => b.gzBytes - a.gzBytes),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printSpaSize(s: SpaSize, top = 10): void {
  console.log("SPA JavaScript (web/dist, gzip level 9)");
  console.log(
    `  initial JS: ${kb(s.initialGzBytes)} gz (${kb(s.initialBytes)} raw) in ${s.initial.length} files, entry ${s.entry}`,
  );
  const largest = s.lazy[0];
  if (largest)
    console.log(`  largest lazy chunk: ${largest.file} ${kb(largest.gzBytes)} gz (${kb(largest.bytes)} raw)`);
  console.log(`  lazy chunks: ${s.lazy.length}, ${kb(s.lazy.reduce((n, c) => n + c.gzBytes, 0))} gz in all`);
  console.log("  largest initial files:");
  for (const c of s.initial.slice(0, top)) console.log(`    ${kb(c.gzBytes).padStart(10)} gz  ${c.file}`);
  console.log("  largest lazy chunks:");
  for (const c of s.lazy.slice(0, top)) console.log(`    ${kb(c.gzBytes).padStart(10)} gz  ${c.file}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printSpaSize(measureSpa());
}
