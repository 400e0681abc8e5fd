import {
  type CssTemplatePost,
  type CssTemplatePut,
  type CssTemplateRow,
  sanitizeCss,
} from "@strata/contracts";
import { notFound } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { CSS_TEMPLATE, CSS_TEMPLATE_VIEW, type CssTemplateData, type CssTemplateEntity } from "./types.ts";

type UsersById = (ids: number[]) => Promise<Map<number, UserEntity>>;

/**
 * CSS templates: shared CSS a dashboard editor can load into its CSS. No owners (Superset's
 * model has none): `can_write` on CssTemplate is enough to change or delete any of them, and
 * names need not be unique (Superset's column is not). The CSS is sanitised on the way in, so
 * every reader, whichever client, gets text that is safe to put in a <style> element.
 */
export class CssTemplates {
  constructor(
    private readonly meta: MetaStore,
    private readonly usersById: UsersById,
  ) {}

  async get(p: Principal, id: number): Promise<CssTemplateEntity> {
    requirePermission(p, "can_read", CSS_TEMPLATE_VIEW);
    const template = await this.meta.get<CssTemplateData>(CSS_TEMPLATE, id);
    if (!template) throw notFound("CSS template not found.");
    return template;
  }

  async rows(p: Principal): Promise<CssTemplateRow[]> {
    requirePermission(p, "can_read", CSS_TEMPLATE_VIEW);
    const all = await this.meta.list<CssTemplateData>(CSS_TEMPLATE);
    const users = await this.usersById(all.flatMap((t) => [t.created_by_fk ?? 0, t.changed_by_fk ?? 0]));
    return all.map((t) => row(t, users));
  }

  async detail(p: Principal, id: number): Promise<CssTemplateRow> {
    const t = await this.get(p, id);
    return row(t, await this.usersById([t.created_by_fk ?? 0, t.changed_by_fk ?? 0]));
  }

  async create(p: Principal, input: CssTemplatePost): Promise<CssTemplateEntity> {
    requirePermission(p, "can_write", CSS_TEMPLATE_VIEW);
    return this.meta.create<CssTemplateData>(
      CSS_TEMPLATE,
      { template_name: input.template_name, css: sanitizeCss(input.css) },
      userId(p),
    );
  }

  async update(p: Principal, id: number, input: CssTemplatePut): Promise<CssTemplateEntity> {
    requirePermission(p, "can_write", CSS_TEMPLATE_VIEW);
    const template = await this.get(p, id);
    const changes: Partial<CssTemplateData> = {};
    if (input.template_name !== undefined) changes.template_name = input.template_name;
    if (input.css !== undefined) changes.css = sanitizeCss(input.css);
    return this.meta.update<CssTemplateData>(CSS_TEMPLATE, template, changes, userId(p));
  }

  /** The template a delete would remove (checked for every id before a bulk delete removes any). */
  async checkRemove(p: Principal, id: number): Promise<CssTemplateEntity> {
    requirePermission(p, "can_write", CSS_TEMPLATE_VIEW);
    return this.get(p, id);
  }

  async remove(p: Principal, id: number): Promise<void> {
    await this.meta.delete(CSS_TEMPLATE, await this.checkRemove(p, id));
  }
}

function row(t: CssTemplateEntity, users: Map<number, UserEntity>): CssTemplateRow {
  return {
    id: t.id,
    template_name: t.template_name,
    css: t.css,
    created_on: t.created_on,
    changed_on: t.changed_on,
    changed_on_delta_humanized: humanizeSince(t.changed_on),
    created_by: ownerRef(users.get(t.created_by_fk ?? 0)),
    changed_by: ownerRef(users.get(t.changed_by_fk ?? 0)),
  };
}
