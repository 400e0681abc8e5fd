import { describe, expect, it } from "vitest";
import { normalizeCss, sanitizeCss } from "./css-sanitise.ts";

/** Spellings a browser reads as a forbidden construct; each must be gone after sanitising. */
const HOSTILE: [string, RegExp][] = [
  ["@\\69mport url(https://evil.example/x.css);", /@import/i],
  ["@\\69 mport url(https://evil.example/x.css);", /@import/i],
  ["@\\000069mport url(https://evil.example/x.css);", /@import/i],
  ["@\\49MPORT 'https://evil.example/x.css';", /@import/i],
  ["@im/**/port url(https://evil.example/x.css);", /@import/i],
  ["@im/* a comment */port url(https://evil.example/x.css);", /@import/i],
  ["@\\i\\m\\p\\o\\r\\t 'x.css';", /@import/i],
  ["@\\5c 69mport 'x.css';", /@import/i],
  ["@\\2f\\2a x \\2a\\2fimport 'x.css';", /@import/i],
  [".a{width:e\\78pression(alert(1))}", /expression\s*\(/i],
  [".a{width:expr/**/ession(alert(1))}", /expression\s*\(/i],
  [".a{background:url(java\\73 cript:alert(1))}", /javascript:/i],
  [".a{background:u\\72l(javascript:alert(1))}", /javascript:/i],
  [".a{background:u\\72l(jav\\61script:alert(1))}", /javascript:/i],
  [".a{background:url(vb\\73 cript:x)}", /vbscript:/i],
  [".a{b\\65havior:url(x.htc)}", /behavior/i],
  [".a{-moz-\\62inding:url(x.xml#b)}", /-moz-binding/i],
  [".a{background:u\\72l(data:text/html,<script>alert(1)</script>)}", /data:text/i],
  ["\\3c/style\\3e\\3cscript\\3e alert(1)", /[<>]/],
];

describe("css sanitising with escapes and comments", () => {
  it.each(HOSTILE)("removes %s", (input, forbidden) => {
    const out = sanitizeCss(input);
    expect(out).not.toMatch(forbidden);
    // Nothing is left for the browser to decode into something else.
    expect(out).not.toContain("\\");
    expect(out).not.toContain("/*");
  });

  it("decodes escapes the way CSS does", () => {
    expect(normalizeCss("\\69")).toBe("i");
    expect(normalizeCss("\\69 mport")).toBe("import"); // one whitespace ends a hex escape
    expect(normalizeCss("\\69  x")).toBe("i x"); // only one
    expect(normalizeCss("\\0000691")).toBe("i1"); // at most six hex digits
    expect(normalizeCss("\\:x")).toBe(":x");
    expect(normalizeCss("\\0")).toBe("\uFFFD");
    expect(normalizeCss("\\110000")).toBe("\uFFFD");
    expect(normalizeCss("\\d800")).toBe("\uFFFD");
    expect(normalizeCss("a/* unterminated")).toBe("a");
  });

  it("keeps ordinary rules, escaped content and data images", () => {
    expect(sanitizeCss(".a { color: red; } /* note */ .b{margin:0}")).toBe(
      ".a { color: red; }  .b{margin:0}",
    );
    expect(sanitizeCss('.q::before{content:"\\201C"}')).toBe('.q::before{content:"\u201C"}');
    const png = ".i{background:url(data:image/png;base64,iVBORw0KGgo=)}";
    expect(sanitizeCss(png)).toBe(png);
  });
});
