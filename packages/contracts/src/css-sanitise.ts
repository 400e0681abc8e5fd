/**
 * User-written CSS (dashboard CSS, CSS templates) made safe to put in a <style> element: no markup,
 * no remote imports, no script-bearing constructs (expression(), javascript: URLs, behaviours,
 * bindings). The same rules the dashboard applies before rendering, here so the server can store
 * CSS templates already clean and the SPA can apply the very same function.
 *
 * The checks run on a normalised text (comments removed, CSS escapes decoded) and that normalised
 * text is the result: checking the raw text would let `@\69mport`, `@im/**\/port` or `u\72l(`
 * through, since a browser decodes them after any pattern ran.
 */
export function sanitizeCss(css: string | null | undefined): string {
  if (!css) return "";
  return normalizeCss(css)
    .replace(/<\/?[a-z!][^>]*>?/gi, "")
    .replace(/[<>]/g, "")
    .replace(/@import[^;]*;?/gi, "")
    .replace(/expression\s*\(/gi, "(")
    .replace(/javascript\s*:/gi, "")
    .replace(/vbscript\s*:/gi, "")
    .replace(/-moz-binding\s*:[^;}]*/gi, "")
    .replace(/behavior\s*:[^;}]*/gi, "")
    .replace(/url\(\s*(['"]?)\s*data:(?!image\/(png|gif|jpe?g|webp))[^)]*\)/gi, "url()");
}

const COMMENT = /\/\*[\s\S]*?(\*\/|$)/g;
// A hex escape is 1–6 hex digits and one optional whitespace; any other escaped character stands
// for itself; a backslash before a line break (a string continuation) or at the end stands for nothing.
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S])|$)/g;

/**
 * Comments and escapes out, so the text has one spelling for everything. Comments go first (an
 * escape inside a comment is inert), then escapes; comments are removed again in case decoding
 * spelled one (`\2f\2a`). No backslash is left, so a browser can't decode the result into
 * anything other than what was checked.
 */
export function normalizeCss(css: string): string {
  const decoded = css
    .replace(COMMENT, "")
    .replace(ESCAPE, (_, hex?: string, _newline?: string, char?: string) => {
      if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
      return char === "\\" ? "" : (char ?? "");
    });
  return decoded.replace(COMMENT, "").replace(/\\/g, "").replace(/\0/g, "\uFFFD");
}

/** What CSS makes of an escaped code point: NUL, surrogates and out-of-range values are U+FFFD. */
function codePoint(n: number): string {
  if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(n);
}
