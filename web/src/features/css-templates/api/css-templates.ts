import type { CssTemplatePost, CssTemplatePut, CssTemplateRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/css_template/` as a generic resource (list, _info, related, delete come from lib/resource). */
export const CSS_TEMPLATES = "css_template";

/** POST /api/v1/css_template/ */
export const createCssTemplate = (body: CssTemplatePost) =>
  createResource<CssTemplateRow>(CSS_TEMPLATES, body);
/** PUT /api/v1/css_template/{id} */
export const updateCssTemplate = (id: number, body: CssTemplatePut) =>
  updateResource<CssTemplateRow>(CSS_TEMPLATES, id, body);
