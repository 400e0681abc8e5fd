/**
 * `npm run i18n:unwrapped`: a rough list of user-facing English in the SPA's JSX that does not go
 * through `t()`: text between tags, and string literals given to attributes people read (label,
 * title, placeholder…) or kept in data as `{ label: "…" }` (which `t(label)` can only translate
 * once the literal is marked with `translatable`). Prints a count per file, most first, so the wrapping can be planned.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { WEB_SRC } from "./catalogue-files.ts";

const READ_ATTRIBUTES = new Set([
  "label",
  "title",
  "placeholder",
  "aria-label",
  "description",
  "alt",
  "tooltip",
  "message",
  "emptyText",
  "noDataText",
  "confirmLabel",
  "cancelLabel",
  "nothingFoundMessage",
  "error",
  "header",
]);

/** Words, not code: at least two letters in a row, and not a lone identifier-looking token. */
function looksLikeProse(text: string): boolean {
  const s = text.trim();
  if (!/[A-Za-z]{2}/.test(s)) return false;
  if (/^[a-z0-9_.-]+$/.test(s) && !s.includes(" ")) return false; // ids, class names
  return true;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes(".test.") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const perFile = new Map<string, string[]>();
for (const path of files(WEB_SRC)) {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && looksLikeProse(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && node.initializer && READ_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)
          ? init.expression
          : undefined;
      if (literal && looksLikeProse(literal.text)) found.push(`${node.name.getText(sf)}="${literal.text}"`);
    }
    // Option lists and menus kept as data: `{ label: "Bar chart" }`, shown later with or without t().
    if (
      ts.isPropertyAssignment(node) &&
      READ_ATTRIBUTES.has(node.name.getText(sf)) &&
      ts.isStringLiteral(node.initializer) &&
      looksLikeProse(node.initializer.text)
    )
      found.push(`${node.name.getText(sf)}: "${node.initializer.text}" (data)`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (found.length > 0) perFile.set(relative(WEB_SRC, path), found);
}

const total = [...perFile.values()].reduce((n, f) => n + f.length, 0);
const data = [...perFile.values()].flat().filter((s) => s.endsWith("(data)")).length;
console.log(
  `${total} user-facing strings outside t() across ${perFile.size} files: ${total - data} in JSX, ${data} in data objects.`,
);
const verbose = process.argv.includes("--list");
for (const [file, found] of [...perFile].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${String(found.length).padStart(4)}  ${file}`);
  if (verbose) for (const s of found) console.log(`        ${s.slice(0, 100)}`);
}
