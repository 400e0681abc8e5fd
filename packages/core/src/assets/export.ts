import { randomUUID } from "node:crypto";
import type { AssetResource } from "@strata/contracts";
import { CHART, type ChartEntity } from "../charts/types.ts";
import { parseMetadata } from "../dashboards/metadata.ts";
import { DASHBOARD, type DashboardEntity } from "../dashboards/types.ts";
import { DATABASE, type DatabaseEntity } from "../databases/types.ts";
import { DATASET, type DatasetEntity } from "../datasets/types.ts";
import { AppError, forbidden } from "../errors.ts";
import { hasAnyAccessIn } from "../security/data-access.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { SAVED_QUERY, type SavedQueryEntity } from "../sqllab/saved-queries.ts";
import type { EntityMeta } from "../store/meta-store.ts";
import { dumpYaml } from "./bundle-yaml.ts";
import { writeZip } from "./bundle-zip.ts";
import { exportTimestamp, fileStem, secureFilename } from "./file-names.ts";
import type { AssetPorts } from "./ports.ts";
import {
  chartPayload,
  dashboardPayload,
  databasePayload,
  datasetPayload,
  EXPORT_VERSION,
  MODEL_TYPE,
  savedQueryPayload,
} from "./serialize.ts";

/** The permission view of each resource. */
export const RESOURCE_VIEW: Record<AssetResource, string> = {
  dashboard: "Dashboard",
  chart: "Chart",
  dataset: "Dataset",
  database: "Database",
  saved_query: "SavedQuery",
};

type Layout = Record<string, { type?: string; meta?: Record<string, unknown>; [k: string]: unknown }>;

function defaultPosition(title: string): Layout {
  return {
    DASHBOARD_VERSION_KEY: "v2" as unknown as Layout[string],
    ROOT_ID: { children: ["GRID_ID"], id: "ROOT_ID", type: "ROOT" },
    GRID_ID: { children: [], id: "GRID_ID", parents: ["ROOT_ID"], type: "GRID" },
    HEADER_ID: { id: "HEADER_ID", meta: { text: title }, type: "HEADER" },
  };
}

/**
 * Writes Superset's export bundle: `metadata.yaml` and one YAML per asset, each dependency once,
 * under `<type>_export_<timestamp>/`. Everything is read with the caller's access: an id they can't
 * read is a 404, a dependency they can't read refuses the export (403 naming it).
 */
export class AssetExport {
  private readonly files = new Map<string, string>();
  /** Custom tags written on exported charts and dashboards, for `tags.yaml`. */
  private readonly usedTags = new Map<string, string | null>();
  private tagIndex?: Promise<{
    names: Map<number, { name: string; description: string | null }>;
    byType: Map<string, Map<number, number[]>>;
  }>;

  constructor(
    private readonly ports: AssetPorts,
    private readonly p: Principal,
  ) {}

  async run(resource: AssetResource, ids: number[]): Promise<{ fileName: string; zip: Uint8Array }> {
    requirePermission(this.p, "can_export", RESOURCE_VIEW[resource]);
    const now = this.ports.now?.() ?? new Date();
    this.files.set(
      "metadata.yaml",
      dumpYaml({ version: EXPORT_VERSION, type: MODEL_TYPE[resource], timestamp: now.toISOString() }),
    );
    // Every id is checked before anything is written, so a missing one answers 404 alone.
    const unique = [...new Set(ids)];
    if (resource === "dashboard") {
      const found = await Promise.all(unique.map((id) => this.ports.dashboards.get(this.p, id)));
      for (const d of found) await this.dashboard(d);
    } else if (resource === "chart") {
      const found = await Promise.all(unique.map((id) => this.ports.charts.get(this.p, id)));
      for (const { chart } of found) await this.chart(chart);
    } else if (resource === "dataset") {
      const found = await Promise.all(unique.map((id) => this.ports.datasets.get(this.p, id)));
      for (const { ds } of found) await this.dataset(ds);
    } else if (resource === "database") {
      const found = await Promise.all(unique.map((id) => this.ports.databases.get(this.p, id)));
      for (const db of found) await this.database(db, true);
    } else {
      const found = await Promise.all(unique.map((id) => this.ports.savedQueries.get(this.p, id)));
      for (const q of found) await this.savedQuery(q);
    }
    // Superset's `tags.yaml`: the tags named in the bundle, with their descriptions.
    if (this.usedTags.size) {
      const tags = [...this.usedTags]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([tag_name, description]) => ({ tag_name, description }));
      this.files.set("tags.yaml", dumpYaml({ tags }));
    }
    const root = `${resource}_export_${exportTimestamp(now)}`;
    return {
      fileName: `${root}.zip`,
      zip: writeZip([...this.files].map(([name, text]) => [`${root}/${name}`, text])),
    };
  }

  /** The names of the tags on one chart or dashboard (and noted for `tags.yaml`). */
  private async tagsOf(type: "chart" | "dashboard", id: number): Promise<string[]> {
    this.tagIndex ??= (async () => {
      const names = new Map(
        (await this.ports.tags.all()).map((t) => [t.id, { name: t.name, description: t.description }]),
      );
      const byType = new Map([
        ["chart", await this.ports.tags.tagsByObject("chart")],
        ["dashboard", await this.ports.tags.tagsByObject("dashboard")],
      ]);
      return { names, byType };
    })();
    const { names, byType } = await this.tagIndex;
    const out: string[] = [];
    for (const tagId of byType.get(type)?.get(id) ?? []) {
      const tag = names.get(tagId);
      if (!tag || out.includes(tag.name)) continue;
      out.push(tag.name);
      this.usedTags.set(tag.name, tag.description);
    }
    return out.sort();
  }

  /** Items saved before every asset had a uuid get one now, once (a conditional write). */
  private async withUuid<T extends EntityMeta & { uuid: string }>(type: string, entity: T): Promise<T> {
    if (entity.uuid) return entity;
    try {
      return (await this.ports.meta.update(type, entity as never, { uuid: randomUUID() } as never, null, {
        keepChanged: true,
      })) as unknown as T;
    } catch {
      // Raced with another writer: read what it wrote.
      const fresh = await this.ports.meta.get<T>(type, entity.id);
      if (!fresh?.uuid)
        throw new AppError(409, { message: "The object changed while exporting it; try again." });
      return fresh as T;
    }
  }

  private async dashboard(input: DashboardEntity) {
    const d = await this.withUuid(DASHBOARD, input);
    const all = await this.ports.charts.all();
    const byId = new Map(all.map((c) => [c.id, c]));
    let position: Layout;
    try {
      position = d.position_json
        ? (JSON.parse(d.position_json) as Layout)
        : defaultPosition(d.dashboard_title);
    } catch {
      position = defaultPosition(d.dashboard_title);
    }
    if (!position || typeof position !== "object") position = defaultPosition(d.dashboard_title);
    const charts: ChartEntity[] = [];
    const placed = new Set<number>();
    for (const node of Object.values(position)) {
      if (node?.type !== "CHART" || typeof node.meta?.chartId !== "number") continue;
      const chart = byId.get(node.meta.chartId);
      if (!chart) continue;
      placed.add(chart.id);
      charts.push(chart);
    }
    for (const c of all) if (c.dashboards.includes(d.id) && !placed.has(c.id)) charts.push(c);
    const exported = new Map<number, ChartEntity>();
    for (const chart of charts) {
      if (exported.has(chart.id)) continue;
      await this.ports.charts.get(this.p, chart.id).catch(() => {
        throw forbidden(
          `The dashboard "${d.dashboard_title}" holds the chart "${chart.slice_name}", which you can't read, so it can't be exported.`,
        );
      });
      exported.set(chart.id, await this.chart(chart));
    }
    // Charts placed by id get the uuid the importer matches them by; orphans go in a new row.
    const orphans = [...exported.values()].filter((c) => !placed.has(c.id));
    for (const node of Object.values(position)) {
      if (node?.type === "CHART" && typeof node.meta?.chartId === "number") {
        const chart = exported.get(node.meta.chartId);
        if (chart) node.meta = { ...node.meta, uuid: chart.uuid };
      }
    }
    appendOrphans(position, orphans);
    const metadata = parseMetadata(d.json_metadata);
    for (const filter of metadata.native_filter_configuration ?? []) {
      const targets = Array.isArray(filter.targets) ? (filter.targets as Record<string, unknown>[]) : [];
      for (const target of targets) {
        if (typeof target.datasetId !== "number") continue;
        const ds = await this.readableDataset(target.datasetId, `the dashboard "${d.dashboard_title}"`);
        const saved = await this.dataset(ds);
        delete target.datasetId;
        target.datasetUuid = saved.uuid;
      }
    }
    const file = `dashboards/${fileStem(d.dashboard_title, d.id)}.yaml`;
    this.files.set(
      file,
      dumpYaml(dashboardPayload(d, position, metadata, await this.tagsOf("dashboard", d.id))),
    );
  }

  private async readableDataset(id: number, user: string): Promise<DatasetEntity> {
    try {
      return (await this.ports.datasets.get(this.p, id)).ds;
    } catch {
      const ds = await this.ports.datasets.find(id);
      throw forbidden(
        `${user} uses the dataset ${ds ? `"${ds.table_name}"` : id}, which you can't read, so it can't be exported.`,
      );
    }
  }

  private async chart(input: ChartEntity): Promise<ChartEntity> {
    const chart = await this.withUuid(CHART, input);
    const ds = await this.readableDataset(chart.datasource_id, `The chart "${chart.slice_name}"`).catch(
      async (e) => {
        if (await this.ports.datasets.find(chart.datasource_id)) throw e;
        return undefined; // its dataset is gone: the chart is exported alone, as Superset does
      },
    );
    const saved = ds ? await this.dataset(ds) : undefined;
    const file = `charts/${fileStem(chart.slice_name, chart.id)}.yaml`;
    this.files.set(file, dumpYaml(chartPayload(chart, saved?.uuid, await this.tagsOf("chart", chart.id))));
    return chart;
  }

  private async dataset(input: DatasetEntity): Promise<DatasetEntity> {
    const ds = await this.withUuid(DATASET, input);
    const db = await this.readableDatabase(ds.database_id, `The dataset "${ds.table_name}"`);
    const file = `datasets/${fileStem(db.database_name, db.id, true)}/${fileStem(ds.table_name, ds.id)}.yaml`;
    if (!this.files.has(file)) this.files.set(file, dumpYaml(datasetPayload(ds, db.uuid)));
    return ds;
  }

  private async readableDatabase(id: number, user: string): Promise<DatabaseEntity> {
    const db = await this.ports.databases.find(id);
    if (!db || !hasAnyAccessIn(this.p, db)) {
      throw forbidden(`${user} is on a database you can't read, so it can't be exported.`);
    }
    return this.database(db, false);
  }

  /** A database, and with `withDatasets` (a database export) the datasets on it the caller may read. */
  private async database(input: DatabaseEntity, withDatasets: boolean): Promise<DatabaseEntity> {
    const db = await this.withUuid(DATABASE, input);
    const file = `databases/${fileStem(db.database_name, db.id, true)}.yaml`;
    if (!this.files.has(file)) this.files.set(file, dumpYaml(databasePayload(db)));
    if (withDatasets) {
      for (const ds of await this.ports.datasets.all()) {
        if (ds.database_id !== db.id) continue;
        const readable = await this.ports.datasets.get(this.p, ds.id).then(
          () => true,
          () => false,
        );
        if (readable) await this.dataset(ds);
      }
    }
    return db;
  }

  private async savedQuery(input: SavedQueryEntity) {
    const q = await this.withUuid(SAVED_QUERY, input);
    const db = await this.readableDatabase(q.db_id, `The saved query "${q.label}"`);
    const dbSlug = secureFilename(db.database_name) || String(db.id);
    const querySlug = secureFilename(q.label) || q.uuid;
    const schema = q.schema ? `${secureFilename(q.schema) || "schema"}/` : "";
    this.files.set(`queries/${dbSlug}/${schema}${querySlug}.yaml`, dumpYaml(savedQueryPayload(q, db.uuid)));
  }
}

/** Charts on a dashboard that its layout doesn't place go in a new row, as Superset's export does. */
function appendOrphans(position: Layout, charts: ChartEntity[]) {
  if (charts.length === 0) return;
  const hashes = charts.map((c) => `CHART-${c.uuid}`);
  const grid = position.GRID_ID as { children?: string[] } | undefined;
  const root = position.ROOT_ID as { children?: string[] } | undefined;
  let row: string | undefined;
  if (root?.children?.includes("GRID_ID") && grid) {
    grid.children = grid.children ?? [];
    row = `ROW-N-${grid.children.length}`;
    grid.children.push(row);
    position[row] = {
      children: hashes,
      id: row,
      meta: { "0": "ROOT_ID", background: "BACKGROUND_TRANSPARENT" },
      type: "ROW",
      parents: ["ROOT_ID", "GRID_ID"],
    };
  }
  charts.forEach((chart, i) => {
    position[hashes[i]] = {
      children: [],
      id: hashes[i],
      meta: { chartId: chart.id, height: 50, sliceName: chart.slice_name, uuid: chart.uuid, width: 4 },
      type: "CHART",
      ...(row ? { parents: ["ROOT_ID", "GRID_ID", row] } : {}),
    };
  });
}
