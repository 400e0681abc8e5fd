import { randomUUID } from "node:crypto";
import {
  type DashboardColors,
  type DashboardCopy,
  type DashboardDetail,
  type DashboardPost,
  ErrorType,
  sanitizeCss,
} from "@strata/contracts";
import { CHART } from "../charts/types.ts";
import { conflict, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { can, isOwner, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { retryLostRace } from "../store/retry-lost-race.ts";
import type { UniqueNames } from "../store/unique-names.ts";
import { detachObjectTags } from "../tags/tag-links.ts";
import { thumbnailUrlFor } from "../thumbnails/digest.ts";
import { chartChangesByDashboard, chartChangesOf, latestChange } from "./content-version.ts";
import {
  applyFilterChanges,
  COLOR_FIELDS,
  chartIdsOfLayout,
  type Metadata,
  type NativeFilter,
  parseMetadata,
} from "./metadata.ts";
import { certification, normaliseSlug, normaliseTitle } from "./save-rules.ts";
import { DASHBOARD, type DashboardData, type DashboardEntity } from "./types.ts";
import { dashboardSlugs } from "./unique-slug.ts";

/** Up to this many dashboards are read by id; more are picked from the whole list (`byIds`). */
const FEW_BY_ID = 20;

/** Dashboards: the resource and its save rules. Layout editing and filters build on this. */
export class Dashboards {
  /** Slugs are URLs: unique, compared exactly (as Superset's unique column). */
  private readonly slugs: UniqueNames<DashboardEntity>;

  constructor(
    private readonly meta: MetaStore,
    private readonly usersById: (ids: number[]) => Promise<Map<number, UserEntity>>,
  ) {
    this.slugs = dashboardSlugs(meta);
    // A chart's page finds the dashboards placing it through this index, not every layout.
    meta.indexListField<DashboardData>(DASHBOARD, CHART, (d) => [
      ...(chartIdsOfLayout(d.position_json) ?? []),
    ]);
  }

  /** Ids of the dashboards whose saved layout places a chart (the dashboard side of the relation). */
  async placing(chartId: number): Promise<number[]> {
    return (await this.meta.listing<DashboardData>(DASHBOARD, chartId)).map((d) => d.id);
  }

  /**
   * Chart id → dashboards whose saved layout places it. A layout is the dashboard's side of the
   * chart ↔ dashboard relation: it is written with the dashboard in one versioned write, so what
   * a save answers is what membership is, and placing a chart never writes to that chart.
   */
  async layoutPlacements(): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    const seen = new Set<number>();
    // Read-only here: the cache's one frozen copy of the dashboards, not a deep copy per call.
    for (const d of await this.meta.listShared<DashboardData>(DASHBOARD)) {
      seen.add(d.id);
      let read = this.layoutCharts.get(d.id);
      if (!read || read.layout !== d.position_json) {
        read = { layout: d.position_json, chartIds: [...(chartIdsOfLayout(d.position_json) ?? [])] };
        this.layoutCharts.set(d.id, read);
      }
      for (const chartId of read.chartIds) out.set(chartId, [...(out.get(chartId) ?? []), d.id]);
    }
    for (const id of this.layoutCharts.keys()) if (!seen.has(id)) this.layoutCharts.delete(id);
    return out;
  }

  /**
   * The charts each dashboard's layout places, with the layout text they were read from. Every
   * chart list, chart page and dashboard page asks for the placements of all dashboards; a layout
   * is parsed again only when its text differs, so the answer is always that of the stored layout.
   */
  private readonly layoutCharts = new Map<
    number,
    { layout: string | null | undefined; chartIds: number[] }
  >();

  all(): Promise<DashboardEntity[]> {
    return this.meta.list<DashboardData>(DASHBOARD);
  }

  /** Published dashboards, and drafts to their owners (Superset's dashboard access filter). */
  private canSee(p: Principal, d: DashboardEntity): boolean {
    if (p.guest) return p.guest.dashboards.has(d.id);
    return (
      p.isAdmin ||
      d.published ||
      isOwner(p, d.owners) ||
      (d.roles.length > 0 && p.roles.some((r) => d.roles.includes(r.id)))
    );
  }

  /** Exists at all (no access check; for token issuance). */
  async find(id: number): Promise<DashboardEntity | undefined> {
    return this.meta.get<DashboardData>(DASHBOARD, id);
  }

  /**
   * The titles of these dashboards. A few are read by id; many (the chart list names every
   * dashboard its charts are on) come from the kept copy of the whole list, which costs one stamp
   * read while no dashboard changed. Dashboards are not kept one by one, so reading 200 by id took
   * some 25 ms of every chart list page.
   */
  async byIds(ids: number[]): Promise<Map<number, { id: number; dashboard_title: string }>> {
    const wanted = new Set(ids);
    const found =
      wanted.size > FEW_BY_ID
        ? (await this.meta.listShared<DashboardData>(DASHBOARD)).filter((d) => wanted.has(d.id))
        : await this.meta.getMany<DashboardData>(DASHBOARD, [...wanted]);
    return new Map(found.map((d) => [d.id, { id: d.id, dashboard_title: d.dashboard_title }]));
  }

  /** Those of these dashboards the caller can see (none without dashboard read rights). */
  async visibleAmong(p: Principal, ids: number[]): Promise<DashboardEntity[]> {
    const wanted = new Set(ids);
    if (!can(p, "can_read", "Dashboard") || wanted.size === 0) return [];
    const found =
      wanted.size > FEW_BY_ID
        ? (await this.meta.listShared<DashboardData>(DASHBOARD)).filter((d) => wanted.has(d.id))
        : await this.meta.getMany<DashboardData>(DASHBOARD, [...wanted]);
    return found.filter((d) => this.canSee(p, d));
  }

  async get(p: Principal, idOrSlug: string | number): Promise<DashboardEntity> {
    requirePermission(p, "can_read", "Dashboard");
    const asId =
      typeof idOrSlug === "number" ? idOrSlug : /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : undefined;
    const d =
      asId !== undefined
        ? await this.meta.get<DashboardData>(DASHBOARD, asId)
        : await this.bySlug(String(idOrSlug));
    if (!d || !this.canSee(p, d)) throw notFound("Dashboard not found.");
    return d;
  }

  /**
   * The dashboard holding a slug, found through the slug's claim (one read, not every dashboard
   * with its layout). A claim its owner no longer bears out (a save in flight, or one that died
   * halfway) falls back to looking through all dashboards.
   */
  private async bySlug(slug: string): Promise<DashboardEntity | undefined> {
    const owner = await this.slugs.owner(slug);
    const claimed = owner === undefined ? undefined : await this.meta.get<DashboardData>(DASHBOARD, owner);
    if (claimed?.slug === slug) return claimed;
    return (await this.all()).find((x) => x.slug === slug);
  }

  async getForWrite(p: Principal, id: number): Promise<DashboardEntity> {
    requirePermission(p, "can_write", "Dashboard");
    const d = await this.get(p, id);
    if (!isOwner(p, d.owners)) {
      throw typedError(
        403,
        ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
        "You do not have permission to edit this dashboard",
      );
    }
    return d;
  }

  async canEdit(p: Principal, id: number): Promise<boolean> {
    return this.getForWrite(p, id).then(
      () => true,
      () => false,
    );
  }

  /** `GET /api/v1/dashboard/{id_or_slug}`: the dashboard with its people named. */
  async detail(p: Principal, idOrSlug: string | number): Promise<DashboardDetail> {
    const d = await this.get(p, idOrSlug);
    const [users, shown] = await Promise.all([
      this.usersById([...d.owners, d.created_by_fk ?? 0, d.changed_by_fk ?? 0]),
      // Only for its picture's address, which guests and anonymous callers don't get.
      p.user && !p.guest ? this.shownChangedOn(d) : d.changed_on,
    ]);
    return this.row(d, users, p, shown);
  }

  /** When what a dashboard shows last changed: its own save or one of its charts' (content-version.ts). */
  async shownChangedOn(d: DashboardEntity): Promise<string> {
    return latestChange(d.changed_on, await chartChangesOf(this.meta, d));
  }

  async rows(p: Principal): Promise<DashboardDetail[]> {
    requirePermission(p, "can_read", "Dashboard");
    // The list reads every dashboard on each request: the cache's one frozen copy, not a deep
    // copy per request (rows are new objects; nothing here writes to a dashboard).
    const all = await this.meta.listShared<DashboardData>(DASHBOARD);
    const visible = all.filter((d) => this.canSee(p, d));
    const [users, chartChanges] = await Promise.all([
      this.usersById(visible.flatMap((d) => [...d.owners, d.created_by_fk ?? 0, d.changed_by_fk ?? 0])),
      p.user && !p.guest
        ? this.layoutPlacements().then((placed) => chartChangesByDashboard(this.meta, placed))
        : new Map<number, string>(),
    ]);
    return visible.map((d) => this.row(d, users, p, latestChange(d.changed_on, [chartChanges.get(d.id)])));
  }

  /** `shownChangedOn`: when what it shows last changed (see content-version.ts), for its picture's address. */
  row(
    d: DashboardEntity,
    users: Map<number, UserEntity>,
    viewer: Principal,
    shownChangedOn = d.changed_on,
  ): DashboardDetail {
    const changedBy = users.get(d.changed_by_fk ?? 0);
    return {
      id: d.id,
      dashboard_title: d.dashboard_title,
      slug: d.slug,
      url: `/superset/dashboard/${d.slug ?? d.id}/`,
      published: d.published,
      css: d.css,
      json_metadata: d.json_metadata,
      position_json: d.position_json,
      owners: d.owners.map((o) => ownerRef(users.get(o))).filter((o) => o !== null),
      roles: d.roles,
      created_by: ownerRef(users.get(d.created_by_fk ?? 0)),
      changed_by: ownerRef(changedBy),
      changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}` : "",
      changed_on: d.changed_on,
      changed_on_utc: d.changed_on,
      changed_on_delta_humanized: humanizeSince(d.changed_on),
      certified_by: d.certified_by,
      certification_details: d.certification_details,
      is_managed_externally: d.is_managed_externally,
      thumbnail_url: thumbnailUrlFor(viewer, "dashboard", { id: d.id, changed_on: shownChangedOn }),
      last_modified_time: Date.parse(d.changed_on) / 1000,
      version: d.version,
    };
  }

  private async checkInput(input: DashboardPost, exceptId?: number) {
    if (input.json_metadata) {
      try {
        const parsed = JSON.parse(input.json_metadata);
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
      } catch {
        throw unprocessable({ json_metadata: ["JSON metadata must be a JSON object"] });
      }
    }
    if (input.position_json) {
      try {
        JSON.parse(input.position_json);
      } catch {
        throw unprocessable({ position_json: ["Position data must be valid JSON"] });
      }
    }
    const slug = normaliseSlug(input.slug);
    if (slug && (await this.all()).some((d) => d.slug === slug && d.id !== exceptId)) {
      throw unprocessable({ slug: ["Must be unique"] });
    }
    if (slug && !/^[A-Za-z0-9_-]{1,255}$/.test(slug))
      throw unprocessable({ slug: ["Use letters, digits, _ and -"] });
    if (input.owners?.length) {
      const found = await this.usersById(input.owners);
      const bad = input.owners.filter((o) => !found.has(o));
      if (bad.length) throw unprocessable({ owners: [`Owners are invalid: ${bad.join(", ")}`] });
    }
  }

  async create(p: Principal, input: DashboardPost): Promise<DashboardEntity> {
    requirePermission(p, "can_write", "Dashboard");
    await this.checkInput(input);
    const me = userId(p);
    const slug = normaliseSlug(input.slug);
    return this.slugs.create(slug, (id) =>
      this.meta.create<DashboardData>(
        DASHBOARD,
        {
          dashboard_title: normaliseTitle(input.dashboard_title),
          slug,
          // Stored as the SPA applies it: no client can store CSS other viewers' pages would run.
          css: sanitizeCss(input.css),
          published: input.published ?? false,
          owners: input.owners?.length ? input.owners : me ? [me] : [],
          roles: input.roles ?? [],
          ...certification(input.certified_by, input.certification_details),
          json_metadata: input.json_metadata || "{}",
          position_json: input.position_json ?? null,
          is_managed_externally: input.is_managed_externally ?? false,
          external_url: input.external_url ?? null,
          uuid: randomUUID(),
        },
        me,
        id,
      ),
    );
  }

  /**
   * A save is refused for an edit the caller has not seen (`checkFresh`). The page's own
   * bookkeeping (the label colours it syncs without marking the dashboard edited) may write between
   * this save's read and its write: the save is then made again on the latest copy. An edit in
   * between is still refused: a retry checks the dashboard is as fresh as at the first read.
   */
  update(
    p: Principal,
    id: number,
    input: DashboardPost,
    lastModified?: number,
    beforeWrite?: (current: DashboardEntity) => Promise<void>,
  ): Promise<DashboardEntity> {
    let seen = lastModified;
    return retryLostRace(async () => {
      const d = await this.getForWrite(p, id);
      this.checkFresh(d, seen);
      seen ??= editedAt(d);
      await this.checkInput(input, id);
      // Checks that compare the save with what is stored see the very version this save replaces
      // (the write below is conditional on it), not an earlier read.
      await beforeWrite?.(d);
      const changes: Partial<DashboardData> = {};
      if (input.dashboard_title !== undefined)
        changes.dashboard_title = normaliseTitle(input.dashboard_title);
      if (input.slug !== undefined) changes.slug = normaliseSlug(input.slug);
      if (input.css !== undefined) changes.css = sanitizeCss(input.css);
      if (input.published !== undefined) changes.published = input.published;
      if (input.owners !== undefined) changes.owners = input.owners;
      if (input.roles !== undefined) changes.roles = input.roles;
      if (input.certified_by !== undefined || input.certification_details !== undefined) {
        Object.assign(
          changes,
          certification(
            input.certified_by ?? d.certified_by,
            input.certification_details ?? d.certification_details,
          ),
        );
      }
      if (input.json_metadata !== undefined) changes.json_metadata = input.json_metadata || "{}";
      if (input.position_json !== undefined) changes.position_json = input.position_json;
      return this.slugs.rename(d, changes.slug !== undefined ? changes.slug : d.slug, () =>
        this.meta.update<DashboardData>(DASHBOARD, d, changes, userId(p)),
      );
    });
  }

  /** Refuses a save based on a stale read: the client sends the `last_modified_time` it loaded. */
  checkFresh(d: DashboardEntity, lastModified: number | undefined): void {
    if (lastModified === undefined) return;
    // Sub-millisecond slack: the client echoes the float seconds it was given.
    if (Date.parse(d.changed_on) / 1000 > lastModified + 0.0005) {
      throw conflict(
        "This dashboard was changed by someone else since you loaded it. Reload it to see their changes, then save again.",
      );
    }
  }

  /** `change` is applied to the latest metadata: again after a bookkeeping write (see `update`). */
  updateMetadata(
    p: Principal,
    id: number,
    change: (m: Metadata) => Metadata,
    lastModified?: number,
    opts: { markUpdated?: boolean; beforeWrite?: (current: Metadata, next: Metadata) => Promise<void> } = {},
  ): Promise<DashboardEntity> {
    let seen = lastModified;
    return retryLostRace(async () => {
      const d = await this.getForWrite(p, id);
      this.checkFresh(d, seen);
      seen ??= editedAt(d);
      const current = parseMetadata(d.json_metadata);
      const next = change(current);
      await opts.beforeWrite?.(current, next);
      return this.meta.update<DashboardData>(
        DASHBOARD,
        d,
        { json_metadata: JSON.stringify(next) },
        userId(p),
        {
          keepChanged: opts.markUpdated === false,
        },
      );
    });
  }

  async setFilters(
    p: Principal,
    id: number,
    changes: Parameters<typeof applyFilterChanges>[1],
    beforeWrite?: (current: Metadata, next: Metadata) => Promise<void>,
  ): Promise<NativeFilter[]> {
    const saved = await this.updateMetadata(
      p,
      id,
      (m) => ({
        ...m,
        native_filter_configuration: applyFilterChanges(m.native_filter_configuration ?? [], changes),
      }),
      undefined,
      { beforeWrite },
    );
    return parseMetadata(saved.json_metadata).native_filter_configuration ?? [];
  }

  /**
   * Stores the label colours. `markUpdated: false` (Superset's `mark_updated=false`) is the SPA's
   * background sync of colours it handed out: the dashboard must not look edited by it.
   */
  async setColors(
    p: Principal,
    id: number,
    colors: DashboardColors,
    opts: { markUpdated?: boolean } = {},
  ): Promise<DashboardEntity> {
    const picked = Object.fromEntries(COLOR_FIELDS.filter((k) => k in colors).map((k) => [k, colors[k]]));
    return this.updateMetadata(p, id, (m) => ({ ...m, ...picked }), undefined, opts);
  }

  /**
   * A new dashboard owned by the caller, from one they can read, with the layout the caller
   * prepared (see DashboardRelations.copy, which decides which charts it names).
   */
  async copy(
    p: Principal,
    id: number,
    body: Pick<DashboardCopy, "dashboard_title" | "css" | "json_metadata">,
    positionJson: string | null,
  ): Promise<DashboardEntity> {
    const source = await this.get(p, id);
    return this.create(p, {
      dashboard_title: body.dashboard_title ?? `${source.dashboard_title} [copy]`,
      css: body.css ?? source.css,
      json_metadata: body.json_metadata ?? source.json_metadata,
      position_json: positionJson,
    });
  }

  async remove(p: Principal, id: number): Promise<void> {
    const d = await this.getForWrite(p, id);
    await this.slugs.remove(d, () => this.meta.delete(DASHBOARD, d));
    await detachObjectTags(this.meta, DASHBOARD, id);
  }
}

/** When the dashboard was last edited, as `checkFresh` compares it (seconds, as clients echo it). */
const editedAt = (d: DashboardEntity) => Date.parse(d.changed_on) / 1000;
