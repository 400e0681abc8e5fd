import { useMemo } from "react";
import { markdownToSafeHtml } from "../../lib/markdown-html";

/** A dashboard's markdown block, sanitised exactly as the dashboard does it. */
export function ReportMarkdown({ source }: { source: string }) {
  const html = useMemo(() => markdownToSafeHtml(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with the dashboard's allow-list
  return <div dangerouslySetInnerHTML={{ __html: html }} data-test="report-markdown" />;
}
