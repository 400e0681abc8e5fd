import { ScrollArea } from "@mantine/core";
import { useEffect, useId, useMemo } from "react";
import type { ChartRenderProps } from "../chart-render-props";
import { rowsOf } from "../legacy/time-series";
import { renderHandlebars, scopedStyle } from "./render-template";

/**
 * Handlebars (Superset's `handlebars`): the rows through the user's template, sanitised, with
 * the user's CSS nested under this chart so it cannot restyle the rest of the page.
 */
export default function HandlebarsChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const template = String(formData.handlebarsTemplate ?? formData.handlebars_template ?? "");
  const html = useMemo(() => renderHandlebars(template, rowsOf(results[0])), [template, results]);
  const id = `hb-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const css = scopedStyle(formData.styleTemplate ?? formData.style_template, `[data-handlebars-id="${id}"]`);
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  return (
    <ScrollArea h={height} data-test="handlebars-chart">
      {css && <style>{css}</style>}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderHandlebars */}
      <div data-handlebars-id={id} dangerouslySetInnerHTML={{ __html: html }} />
    </ScrollArea>
  );
}
