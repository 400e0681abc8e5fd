import { randomUUID } from "node:crypto";
import {
  ErrorType,
  type SavedQueryChanges,
  type SavedQueryCreate,
  type SavedQueryRow,
} from "@strata/contracts";
import type { Databases } from "../databases/service.ts";
import { AppError, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { can, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import { detachObjectTags } from "../tags/tag-links.ts";
import { nextRun, parseScheduleInfo } from "./schedule-info.ts";

/** A row's schedule and its next run, for the list and the editor. */
async function scheduleFields(extraJson: string | null) {
  let info = null;
  try {
    info = await parseScheduleInfo(extraJson);
  } catch (e) {
    // A refused schedule was stored before validation: shown as unscheduled. Anything else (the
    // cron library failing to load) is the server's fault and must not pass for "no schedule".
    if (!(e instanceof AppError)) throw e;
  }
  const next = info ? await nextRun(info, new Date()) : null;
  return { schedule_info: info, next_run: next?.toISOString() ?? null };
}

export interface SavedQueryData {
  label: string;
  description: string | null;
  db_id: number;
  schema: string | null;
  catalog: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: string | null;
  uuid: string;
}
export type SavedQueryEntity = Entity<SavedQueryData>;
export const SAVED_QUERY = "saved_query";

/**
 * Saved SQL Lab queries; each user sees their own (admins and all_query_access see all), and only
 * their creator (or an Admin) changes or deletes one.
 */
export class SavedQueries {
  constructor(
    private readonly meta: MetaStore,
    private readonly databases: Databases,
    private readonly usersById: (ids: number[]) => Promise<Map<number, UserEntity>>,
  ) {
    // A user's list reads their own saved queries, whatever everyone else saved.
    meta.indexByOwner<SavedQueryData>(SAVED_QUERY, (q) => q.created_by_fk);
  }

  private canSee(p: Principal, q: SavedQueryEntity): boolean {
    return this.seesAll(p) || (p.user !== null && q.created_by_fk === p.user.id);
  }

  private seesAll(p: Principal): boolean {
    return p.isAdmin || can(p, "all_query_access", "all_query_access");
  }

  find(id: number): Promise<SavedQueryEntity | undefined> {
    return this.meta.get<SavedQueryData>(SAVED_QUERY, id);
  }

  async get(p: Principal, id: number): Promise<SavedQueryEntity> {
    requirePermission(p, "can_read", "SavedQuery");
    const q = await this.meta.get<SavedQueryData>(SAVED_QUERY, id);
    if (!q || !this.canSee(p, q)) throw notFound("Saved query not found");
    return q;
  }

  /**
   * A saved query the caller may change or delete: its creator's, or any for an Admin. Seeing
   * every query (all_query_access) is not enough: a saved query's schedule runs it as its creator,
   * so whoever rewrites its SQL would run it with the creator's access and read the results.
   * Others who can see it get 403, those who can't 404.
   */
  async getForWrite(p: Principal, id: number): Promise<SavedQueryEntity> {
    requirePermission(p, "can_write", "SavedQuery");
    const q = await this.get(p, id);
    if (!this.isCreator(p, q)) {
      throw typedError(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        "You don't have the rights to alter this saved query: only the user who saved it or an admin can.",
      );
    }
    return q;
  }

  private isCreator(p: Principal, q: SavedQueryEntity): boolean {
    return p.isAdmin || (p.user !== null && q.created_by_fk === p.user.id);
  }

  /** Editing (and so tagging) a saved query needs can_write and a query the caller created (or Admin). */
  async canEdit(p: Principal, id: number): Promise<boolean> {
    if (!can(p, "can_write", "SavedQuery")) return false;
    return this.getForWrite(p, id).then(
      () => true,
      () => false,
    );
  }

  async rows(p: Principal) {
    requirePermission(p, "can_read", "SavedQuery");
    const [stored, dbs] = await Promise.all([
      this.seesAll(p)
        ? this.meta.list<SavedQueryData>(SAVED_QUERY)
        : p.user
          ? this.meta.listByOwner<SavedQueryData>(SAVED_QUERY, p.user.id)
          : [],
      this.databases.all(),
    ]);
    const visible = stored.filter((q) => this.canSee(p, q));
    const users = await this.usersById(visible.flatMap((q) => [q.created_by_fk ?? 0, q.changed_by_fk ?? 0]));
    const dbName = new Map(dbs.map((d) => [d.id, d.database_name]));
    return Promise.all(visible.map((q) => this.row(q, dbName, users)));
  }

  async row(q: SavedQueryEntity, dbName: Map<number, string>, users: Map<number, UserEntity>) {
    const row = {
      id: q.id,
      label: q.label,
      description: q.description,
      db_id: q.db_id,
      database: { id: q.db_id, database_name: dbName.get(q.db_id) ?? "" },
      schema: q.schema,
      catalog: q.catalog,
      sql: q.sql,
      template_parameters: q.template_parameters,
      extra_json: q.extra_json,
      ...(await scheduleFields(q.extra_json)),
      uuid: q.uuid,
      created_by: ownerRef(users.get(q.created_by_fk ?? 0)),
      changed_by: ownerRef(users.get(q.changed_by_fk ?? 0)),
      changed_on: q.changed_on,
      changed_on_delta_humanized: humanizeSince(q.changed_on),
    };
    // The list's wire row, plus the editor's fields.
    return row satisfies SavedQueryRow;
  }

  async detail(p: Principal, id: number) {
    const q = await this.get(p, id);
    const db = await this.databases.find(q.db_id);
    return this.row(
      q,
      new Map(db ? [[db.id, db.database_name]] : []),
      await this.usersById([q.created_by_fk ?? 0, q.changed_by_fk ?? 0]),
    );
  }

  /**
   * The database must be one the caller may see, and a catalog other than its own one only where
   * the database allows changing catalogs: refused on save, not first when the query runs (or
   * when its schedule fires, with nobody there to read why).
   */
  private async checkDb(p: Principal, dbId: number | undefined, catalog?: string | null) {
    if (dbId === undefined) return;
    const db = await this.databases.get(p, dbId).catch(() => {
      throw unprocessable({ db_id: ["Database does not exist or you can't access it"] });
    });
    if (catalog) await this.databases.requireCatalogAllowed(db, catalog, { as: "field" });
  }

  async create(p: Principal, input: SavedQueryCreate): Promise<SavedQueryEntity> {
    requirePermission(p, "can_write", "SavedQuery");
    await this.checkDb(p, input.db_id, input.catalog);
    await parseScheduleInfo(input.extra_json);
    return this.meta.create<SavedQueryData>(
      SAVED_QUERY,
      {
        label: input.label,
        description: input.description ?? null,
        db_id: input.db_id,
        schema: input.schema ?? null,
        catalog: input.catalog ?? null,
        sql: input.sql,
        template_parameters: input.template_parameters ?? null,
        extra_json: input.extra_json ?? null,
        uuid: randomUUID(),
      },
      userId(p),
    );
  }

  async update(p: Principal, id: number, input: SavedQueryChanges): Promise<SavedQueryEntity> {
    // An Admin's edit keeps the query its creator's: its schedule still runs as the creator, with
    // the creator's access checked at each run, so the edit can reach no more than they can.
    const q = await this.getForWrite(p, id);
    // What the query will read from once saved: checked when either of them changes.
    if (input.db_id !== undefined || input.catalog !== undefined)
      await this.checkDb(p, input.db_id ?? q.db_id, input.catalog === undefined ? q.catalog : input.catalog);
    if (input.extra_json !== undefined) await parseScheduleInfo(input.extra_json);
    return this.meta.update<SavedQueryData>(SAVED_QUERY, q, input, userId(p));
  }

  async remove(p: Principal, id: number): Promise<void> {
    await this.meta.delete(SAVED_QUERY, await this.getForWrite(p, id));
    await detachObjectTags(this.meta, SAVED_QUERY, id);
  }
}
