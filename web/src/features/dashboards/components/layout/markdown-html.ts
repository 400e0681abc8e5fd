// Shared with the report render page, so it lives in src/lib.
export { MARKDOWN_ATTRIBUTES, MARKDOWN_TAGS, markdownToSafeHtml } from "../../../../lib/markdown-html";
