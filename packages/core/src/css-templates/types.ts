import type { Entity } from "../store/meta-store.ts";

export interface CssTemplateData {
  template_name: string;
  /** Sanitised before it is stored (see `sanitizeCss` in contracts). */
  css: string;
}
export type CssTemplateEntity = Entity<CssTemplateData>;
export const CSS_TEMPLATE = "css_template";

/** Permission view of the resource, as the permission catalogue names it (Superset's class_permission_name). */
export const CSS_TEMPLATE_VIEW = "CssTemplate";
