import { type keywordCompletionSource, StandardSQL } from "@codemirror/lang-sql";
import type { Extension } from "@codemirror/state";

// CodeMirror's completion types, named through lang-sql: the SPA does not depend on
// @codemirror/autocomplete itself.
type CompletionSource = ReturnType<typeof keywordCompletionSource>;
type CompletionContext = Parameters<CompletionSource>[0];

/** Syntax nodes whose text is not code: no call is being typed there. */
const NOT_CODE = ["String", "QuotedIdentifier", "LineComment", "BlockComment"];

/**
 * Offers the database's function names for the word before the cursor (all of them on an
 * explicit Ctrl+Space in an empty spot). Silent after a dot, where a table's column or a schema's
 * table is being named, and inside strings, comments and quoted names.
 */
export function functionCompletionSource(names: readonly string[]): CompletionSource {
  const options = names.map((label) => ({ label, type: "function" }));
  return (context: CompletionContext) => {
    const word = context.matchBefore(/\w+$/);
    if (!word && !context.explicit) return null;
    const from = word?.from ?? context.pos;
    if (context.state.sliceDoc(from - 1, from) === ".") return null;
    if (context.tokenBefore(NOT_CODE)) return null;
    return { from, options, validFor: /^\w*$/ };
  };
}

/**
 * The function names as one more completion source of the SQL language, beside lang-sql's
 * keyword and schema sources (which an `autocompletion({override})` would have replaced).
 */
export function functionCompletion(names: readonly string[], dialect = StandardSQL): Extension {
  if (names.length === 0) return [];
  return dialect.language.data.of({ autocomplete: functionCompletionSource(names) });
}
