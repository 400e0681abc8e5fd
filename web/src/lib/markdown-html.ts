import DOMPurify from "dompurify";
import { marked } from "marked";

/** Tags markdown produces, plus the few HTML elements dashboards may use. */
export const MARKDOWN_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "del",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "div",
  "a",
  "img",
  "video",
];
export const MARKDOWN_ATTRIBUTES = [
  "href",
  "title",
  "target",
  "src",
  "alt",
  "width",
  "height",
  "controls",
  "poster",
  "align",
];

let hooked = false;

/** Markdown → sanitised HTML: only the allowed tags and attributes; links open safely. */
export function markdownToSafeHtml(source: string): string {
  if (!hooked) {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") {
        node.setAttribute("rel", "noopener noreferrer");
        if (node.getAttribute("target") && node.getAttribute("target") !== "_blank")
          node.removeAttribute("target");
      }
    });
    hooked = true;
  }
  const html = marked.parse(source ?? "", { async: false, gfm: true, breaks: false }) as string;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: MARKDOWN_TAGS,
    ALLOWED_ATTR: MARKDOWN_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
  });
}
