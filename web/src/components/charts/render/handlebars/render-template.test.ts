import { describe, expect, it } from "vitest";
import { DEFAULT_HANDLEBARS_TEMPLATE } from "./default-template";
import { applyTemplate, scopedStyle } from "./render-template";

// DOMPurify needs a real DOM (happy-dom's is not enough): the sanitising of the output, and an XSS
// attempt through template and data, are checked in Chromium (test/e2e/viz-tables-and-others.test.ts).

describe("handlebars chart template", () => {
  it("renders the rows through the template with Superset's helpers", () => {
    const html = applyTemplate(
      '<ul>{{#each data}}<li>{{name}}: {{formatNumber num}} on {{dateFormat ds format="YYYY-MM"}}</li>{{/each}}</ul>',
      [
        { name: "Amy", num: 12345, ds: "2008-03-01T00:00:00Z" },
        { name: "Bob", num: 7, ds: "2007-01-01T00:00:00Z" },
      ],
    );
    expect(html).toBe("<ul><li>Amy: 12,345 on 2008-03</li><li>Bob: 7 on 2007-01</li></ul>");
  });

  it("has a default template listing each row as JSON", () => {
    const html = applyTemplate(DEFAULT_HANDLEBARS_TEMPLATE, [{ a: 1 }]);
    expect(html).toContain("<li>{&quot;a&quot;:1}</li>");
  });

  it("exposes no globals or prototypes to templates", () => {
    expect(applyTemplate("{{constructor.name}}|{{data.constructor}}|{{window}}|{{this.__proto__}}", [])).toBe(
      "|||",
    );
    expect(() => applyTemplate("{{lookup (lookup this 'constructor') 'constructor'}}", [])).not.toThrow();
    expect(applyTemplate("{{#with (lookup this 'constructor')}}{{name}}{{/with}}", [])).toBe("");
  });

  it("scopes the CSS under the chart and drops what could load or run anything", () => {
    expect(scopedStyle("li { color: red; }", "#c")).toBe("#c { li { color: red; } }");
    const css = scopedStyle(
      "@import url(https://x/y.css); </style><script>alert(1)</script> b { color: blue }",
      "#c",
    );
    expect(css).not.toMatch(/@import|<script|<\/style/i);
    expect(scopedStyle("", "#c")).toBe("");
  });
});
