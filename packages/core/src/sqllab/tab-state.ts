import type { TabStateChangesRequest } from "@strata/contracts";
import { notFound, unprocessable } from "../errors.ts";
import { can, type Principal, requirePermission, requireUser } from "../security/principal.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import { sqlLabConf } from "./limits.ts";
import type { SqlLab } from "./service.ts";
import { QUERY, type QueryData } from "./types.ts";

export interface TabStateData {
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  query_limit: number | null;
  template_params: string | null;
  hide_left_bar: boolean;
  autorun: boolean;
  latest_query_id: number | null;
  saved_query_id: number | null;
  extra_json: string | null;
}
export type TabStateEntity = Entity<TabStateData>;

export interface TableSchemaData {
  user_id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  expanded: boolean;
  description: string | null;
}
export type TableSchemaEntity = Entity<TableSchemaData>;

export const TAB = "tab_state";
export const TABLE = "table_schema";

/** The stored fields a change may set (the request names its latest query by id or client id). */
type TabStateChanges = Partial<Omit<TabStateData, "user_id" | "active">>;

/** SQL Lab tabs kept on the server per user, so they follow the user to another browser. */
export class TabStates {
  constructor(
    private readonly meta: MetaStore,
    private readonly sqlLab: SqlLab,
  ) {
    // Each request reads one user's tabs and tables, whatever every other user keeps. By id: a
    // tab is saved a second after each edit, and an entry that moved on every save could be
    // missing from another browser's read of the tabs at that moment.
    meta.indexByOwner<TabStateData>(TAB, (t) => t.user_id, "id");
    meta.indexByOwner<TableSchemaData>(TABLE, (t) => t.user_id, "id");
  }

  private async mine(p: Principal): Promise<TabStateEntity[]> {
    const user = requireUser(p);
    return (await this.meta.listByOwner<TabStateData>(TAB, user.id)).sort((a, b) => a.id - b.id);
  }

  /** The caller's own tabs that have this database selected (a guest or a user without SQL Lab has none). */
  async mineOn(p: Principal, databaseId: number): Promise<{ id: number; label: string; active: boolean }[]> {
    if (!p.user || !can(p, "can_sqllab", "SQLLab")) return [];
    return (await this.mine(p))
      .filter((t) => t.database_id === databaseId)
      .map((t) => ({ id: t.id, label: t.label, active: t.active }));
  }

  /** The tables shown beside one of its owner's tabs. */
  private async tablesOf(tab: TabStateEntity): Promise<TableSchemaEntity[]> {
    const tables = await this.meta.listByOwner<TableSchemaData>(TABLE, tab.user_id);
    return tables.filter((t) => t.tab_state_id === tab.id).sort((a, b) => a.id - b.id);
  }

  async get(p: Principal, id: number): Promise<TabStateEntity> {
    requirePermission(p, "can_sqllab", "SQLLab");
    const user = requireUser(p);
    const tab = await this.meta.get<TabStateData>(TAB, id);
    if (!tab || tab.user_id !== user.id) throw notFound("Tab state not found");
    return tab;
  }

  async detail(p: Principal, id: number) {
    const tab = await this.get(p, id);
    // The latest run may still be being stored (fast runs store after their reply).
    if (tab.latest_query_id) await this.sqlLab.caughtUp();
    const latest = tab.latest_query_id
      ? await this.meta.get<QueryData>(QUERY, tab.latest_query_id)
      : undefined;
    const tables = await this.tablesOf(tab);
    return {
      id: tab.id,
      label: tab.label,
      active: tab.active,
      database_id: tab.database_id,
      schema: tab.schema,
      catalog: tab.catalog,
      sql: tab.sql,
      query_limit: tab.query_limit,
      template_params: tab.template_params,
      hide_left_bar: tab.hide_left_bar,
      autorun: tab.autorun,
      saved_query: tab.saved_query_id ? { id: tab.saved_query_id } : null,
      extra_json: tab.extra_json,
      latest_query: latest ? this.sqlLab.row(latest) : null,
      table_schemas: tables.map((t) => ({
        ...t,
        description: t.description ? JSON.parse(t.description) : null,
      })),
    };
  }

  async create(p: Principal, editor: Record<string, unknown>): Promise<TabStateEntity> {
    requirePermission(p, "can_sqllab", "SQLLab");
    const user = requireUser(p);
    const tabs = await this.mine(p);
    for (const t of tabs.filter((x) => x.active))
      await this.meta.update<TabStateData>(TAB, t, { active: false }, user.id);
    const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
    const str = (v: unknown) => (typeof v === "string" ? v : null);
    return this.meta.create<TabStateData>(
      TAB,
      {
        user_id: user.id,
        label: str(editor.name) ?? str(editor.title) ?? "Untitled Query 1",
        active: true,
        database_id: num(editor.dbId),
        schema: str(editor.schema),
        catalog: str(editor.catalog),
        sql: str(editor.sql) ?? "",
        query_limit: num(editor.queryLimit),
        template_params: str(editor.templateParams),
        hide_left_bar: editor.hideLeftBar === true,
        autorun: editor.autorun === true,
        latest_query_id: null,
        saved_query_id: num(editor.remoteId),
        extra_json: null,
      },
      user.id,
    );
  }

  async update(p: Principal, id: number, changes: TabStateChangesRequest): Promise<void> {
    const tab = await this.get(p, id);
    const { latest_query_id: latest, ...rest } = changes;
    const resolved: TabStateChanges = rest;
    if (typeof latest === "string") resolved.latest_query_id = (await this.sqlLab.byClientId(p, latest)).id;
    else if (typeof latest === "number") resolved.latest_query_id = (await this.sqlLab.get(p, latest)).id;
    else if (latest === null) resolved.latest_query_id = null;
    await this.meta.update<TabStateData>(TAB, tab, resolved, tab.user_id);
  }

  /** `POST /tabstateview/{id}/migrate_query`: queries are already on the server; this only links the tab's latest. */
  async migrateQuery(p: Principal, id: number, clientId: string): Promise<void> {
    const q = await this.sqlLab.byClientId(p, clientId);
    await this.update(p, id, { latest_query_id: q.id });
  }

  async remove(p: Principal, id: number): Promise<void> {
    const tab = await this.get(p, id);
    for (const t of await this.tablesOf(tab)) await this.meta.delete(TABLE, t);
    await this.meta.delete(TAB, tab);
  }

  async activate(p: Principal, id: number): Promise<void> {
    await this.get(p, id);
    for (const t of await this.mine(p)) {
      if (t.active !== (t.id === id))
        await this.meta.update<TabStateData>(TAB, t, { active: t.id === id }, t.user_id);
    }
  }

  /** `GET /api/v1/sqllab/`: the user's tabs and the active one, to restore the editor. */
  async bootstrap(p: Principal) {
    requirePermission(p, "can_sqllab", "SQLLab");
    const tabs = await this.mine(p);
    const active = tabs.find((t) => t.active) ?? tabs.at(-1);
    return {
      tab_state_ids: tabs.map((t) => [t.id, t.label]),
      active_tab: active ? await this.detail(p, active.id) : null,
      user_id: p.user?.id ?? null,
      common: { conf: sqlLabConf(this.sqlLab.limits) },
    };
  }

  async addTable(p: Principal, table: Record<string, unknown>): Promise<TableSchemaEntity> {
    const tabId = Number(table.queryEditorId ?? table.tab_state_id);
    await this.get(p, tabId);
    const name =
      typeof table.name === "string" ? table.name : typeof table.table === "string" ? table.table : "";
    const dbId = Number(table.dbId ?? table.database_id);
    if (!name || !Number.isInteger(dbId))
      throw unprocessable({ table: ["A table needs a name and a database"] });
    const { dbId: _d, queryEditorId: _q, name: _n, schema, catalog, expanded, ...rest } = table;
    return this.meta.create<TableSchemaData>(
      TABLE,
      {
        user_id: p.user!.id,
        tab_state_id: tabId,
        database_id: dbId,
        catalog: typeof catalog === "string" ? catalog : null,
        schema: typeof schema === "string" ? schema : null,
        table: name,
        expanded: expanded !== false,
        description: JSON.stringify(rest),
      },
      p.user!.id,
    );
  }

  private async table(p: Principal, id: number): Promise<TableSchemaEntity> {
    const user = requireUser(p);
    const t = await this.meta.get<TableSchemaData>(TABLE, id);
    if (!t || t.user_id !== user.id) throw notFound("Table schema not found");
    return t;
  }

  async setExpanded(p: Principal, id: number, expanded: boolean): Promise<void> {
    const t = await this.table(p, id);
    await this.meta.update<TableSchemaData>(TABLE, t, { expanded }, t.user_id);
  }

  async removeTable(p: Principal, id: number): Promise<void> {
    await this.meta.delete(TABLE, await this.table(p, id));
  }
}
