import { Typography } from "@mantine/core";
import { useMemo } from "react";
import classes from "./layout.module.css";
import { markdownToSafeHtml } from "./markdown-html";

/** Lazy chunk: marked + DOMPurify render a markdown component. */
export default function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => markdownToSafeHtml(source), [source]);
  return (
    <Typography className={classes.markdown}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with an allow-list */}
      <div dangerouslySetInnerHTML={{ __html: html }} data-test="markdown-html" />
    </Typography>
  );
}
