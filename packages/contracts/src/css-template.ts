import * as v from "valibot";
import type { UserRef } from "./resource-rows.ts";

/**
 * CSS templates (Superset's `/api/v1/css_template/` resource): named pieces of CSS a dashboard
 * editor can start its CSS from (the dashboard's "Edit CSS" menu), managed under
 * Settings → Manage → CSS Templates.
 */

/** Superset's column is 250 characters; CSS itself is capped like a dashboard's. */
export const CSS_TEMPLATE_NAME_MAX = 250;
export const CSS_TEMPLATE_CSS_MAX = 100_000;

const TemplateName = v.pipe(
  v.string("Name is required"),
  v.trim(),
  v.minLength(1, "Name is required"),
  v.maxLength(CSS_TEMPLATE_NAME_MAX, `Name must be at most ${CSS_TEMPLATE_NAME_MAX} characters`),
);
const Css = v.optional(
  v.nullable(
    v.pipe(
      v.string("CSS must be text"),
      v.maxLength(CSS_TEMPLATE_CSS_MAX, `CSS must be at most ${CSS_TEMPLATE_CSS_MAX} characters`),
    ),
  ),
);

/** `POST /api/v1/css_template/` (Superset's add_columns: css, template_name). */
export const CssTemplatePostSchema = v.strictObject({ template_name: TemplateName, css: Css });
export type CssTemplatePost = v.InferOutput<typeof CssTemplatePostSchema>;

/** `PUT /api/v1/css_template/{pk}`: any of the same fields. */
export const CssTemplatePutSchema = v.strictObject({ template_name: v.optional(TemplateName), css: Css });
export type CssTemplatePut = v.InferOutput<typeof CssTemplatePutSchema>;

/**
 * `GET /api/v1/css_template/` rows and `GET /api/v1/css_template/{pk}` result (a type alias so it
 * fits the generic list row). `css` is the stored text, already sanitised (see css-sanitise.ts).
 */
export type CssTemplateRow = {
  id: number;
  template_name: string;
  css: string;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
};
