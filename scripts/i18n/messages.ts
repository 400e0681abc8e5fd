import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * A message the SPA passes to the translation layer: `t(msgid)`, `tn(msgid, plural, n)`, or a
 * `translatable(msgid)` kept in data and given to `t` later.
 */
export interface ExtractedMessage {
  msgid: string;
  /** Set for `tn`: the English plural form, so the catalogue needs the plural keys of each locale. */
  plural?: string;
  /** Where it is used (file:line), for the reviewer of a catalogue change. */
  refs: string[];
}

export interface Extraction {
  messages: Map<string, ExtractedMessage>;
  /** Calls whose first argument is not a literal: their text cannot be known before running. */
  dynamic: string[];
}

const I18N_MODULE = /(^|\/)lib\/i18n(\.ts)?$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith(".d.ts")
    )
      out.push(path);
  }
  return out.sort();
}

function literalText(node: ts.Expression | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

/**
 * The local names a file gives to `t` and `tn` of the i18n module. Only calls through these count,
 * so an unrelated parameter that happens to be called `t` is not mistaken for a message.
 */
function translatorNames(file: ts.SourceFile): { t: Set<string>; tn: Set<string> } {
  // `translatable` takes one message, as `t` does.
  const names = { t: new Set<string>(), tn: new Set<string>() };
  for (const stmt of file.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    if (!I18N_MODULE.test(stmt.moduleSpecifier.text)) continue;
    const bindings = stmt.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const imported = (el.propertyName ?? el.name).text;
      if (imported === "t" || imported === "translatable") names.t.add(el.name.text);
      if (imported === "tn") names.tn.add(el.name.text);
    }
  }
  return names;
}

/** Every literal message of `t(…)` / `tn(…)` / `translatable(…)` calls in the SPA's sources under `srcDir`. */
export function extractMessages(srcDir: string, rootForRefs = srcDir): Extraction {
  const messages = new Map<string, ExtractedMessage>();
  const dynamic: string[] = [];
  const add = (msgid: string, ref: string, plural?: string) => {
    const known = messages.get(msgid);
    if (known) {
      known.refs.push(ref);
      if (plural !== undefined) known.plural = plural;
    } else messages.set(msgid, { msgid, plural, refs: [ref] });
  };
  for (const path of sourceFiles(srcDir)) {
    const text = readFileSync(path, "utf8");
    const file = ts.createSourceFile(
      path,
      text,
      ts.ScriptTarget.Latest,
      true,
      path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const names = translatorNames(file);
    if (names.t.size === 0 && names.tn.size === 0) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = node.expression.text;
        const isT = names.t.has(callee);
        const isTn = names.tn.has(callee);
        if (isT || isTn) {
          const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const ref = `${relative(rootForRefs, path).split("\\").join("/")}:${line}`;
          const msgid = literalText(node.arguments[0]);
          const plural = isTn ? literalText(node.arguments[1]) : undefined;
          if (msgid === undefined || (isTn && plural === undefined)) dynamic.push(ref);
          else add(msgid, ref, plural);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { messages, dynamic };
}

/**
 * The catalogue keys a message needs in a locale: the msgid itself for `t`, and for `tn` one key per
 * plural category the locale's grammar has (i18next's `_one` / `_few` / `_many` / `_other` suffixes).
 */
export function catalogueKeys(message: ExtractedMessage, intlLocale: string): string[] {
  if (message.plural === undefined) return [message.msgid];
  const categories = new Intl.PluralRules(intlLocale).resolvedOptions().pluralCategories;
  return categories.map((c) => `${message.msgid}_${c}`);
}

/** The `%s` / `%(name)s` placeholders of a message, so a translation can be checked to keep them. */
export function placeholders(message: string): string[] {
  return (message.match(/%(\(\w+\))?s/g) ?? []).slice().sort();
}
