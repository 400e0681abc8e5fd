import {
  type AssetResource,
  type ChartFile,
  type DashboardFile,
  type DatabaseFile,
  type DatasetFile,
  type ImportForm,
  PASSWORD_MASK,
  type SavedQueryFile,
} from "@strata/contracts";
import type { ChartEntity } from "../charts/types.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { forbidden } from "../errors.ts";
import { canAccessDatabase, hasAnyAccessIn } from "../security/data-access.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { SAVED_QUERY, type SavedQueryData, type SavedQueryEntity } from "../sqllab/saved-queries.ts";
import { RESOURCE_VIEW } from "./export.ts";
import type { Bundle } from "./import-bundle.ts";
import { alreadyExists, importError, NEEDS_PASSWORD, NO_SSH_TUNNELS } from "./import-errors.ts";
import type { AssetPorts } from "./ports.ts";

export type Action = "create" | "reuse" | "overwrite";

interface Step<C, E> {
  /** The bundle file, when the asset is in the upload (a dependency may only exist on this server). */
  file?: string;
  config?: C;
  existing?: E;
  action: Action;
  /** The id on this server once written (or reused). */
  targetId?: number;
}
export type DatabaseStep = Step<DatabaseFile, DatabaseEntity> & { password?: string };
export type DatasetStep = Step<DatasetFile, DatasetEntity> & { databaseUuid: string };
export type ChartStep = Step<ChartFile, ChartEntity> & { datasetUuid?: string };
export type DashboardStep = Step<DashboardFile, DashboardEntity>;
export type QueryStep = Step<SavedQueryFile, SavedQueryEntity> & { databaseUuid: string };

/** What an import will do, in dependency order, every asset keyed by its uuid. */
export interface ImportPlan {
  databases: Map<string, DatabaseStep>;
  datasets: Map<string, DatasetStep>;
  charts: Map<string, ChartStep>;
  dashboards: Map<string, DashboardStep>;
  queries: Map<string, QueryStep>;
}

const byUuid = <T extends { uuid: string }>(items: T[]) =>
  new Map(items.filter((i) => i.uuid).map((i) => [i.uuid, i]));

/** Chart uuids a v2 layout places. */
export function layoutChartUuids(position: Record<string, unknown> | null | undefined): string[] {
  const out: string[] = [];
  for (const node of Object.values(position ?? {})) {
    const n = node as { type?: string; meta?: { uuid?: unknown } } | null;
    if (n?.type === "CHART" && typeof n.meta?.uuid === "string") out.push(n.meta.uuid);
  }
  return out;
}

/** Dataset uuids the native filters of a dashboard read. */
export function filterDatasetUuids(metadata: Record<string, unknown> | null | undefined): string[] {
  const filters = Array.isArray(metadata?.native_filter_configuration)
    ? metadata.native_filter_configuration
    : [];
  const out: string[] = [];
  for (const f of filters as { targets?: { datasetUuid?: unknown }[] }[]) {
    for (const t of Array.isArray(f?.targets) ? f.targets : []) {
      if (typeof t?.datasetUuid === "string") out.push(t.datasetUuid);
    }
  }
  return out;
}

const isMasked = (uri: string) => uri.includes(`:${PASSWORD_MASK}@`);

/**
 * Reads the bundle against this server: which assets are created, reused or overwritten, and
 * everything that would make the import fail (missing passwords, objects that exist without
 * `overwrite`, dependencies nowhere, rights). Nothing is written here, so a refusal changes nothing.
 */
export async function planImport(
  ports: AssetPorts,
  p: Principal,
  resource: AssetResource,
  bundle: Bundle,
  form: ImportForm,
): Promise<ImportPlan> {
  const [dbs, dss, charts, dashboards, queries] = await Promise.all([
    ports.databases.all(),
    ports.datasets.all(),
    ports.charts.all(),
    ports.dashboards.all(),
    ports.meta.list<SavedQueryData>(SAVED_QUERY),
  ]);
  const existing = {
    databases: byUuid(dbs),
    datasets: byUuid(dss),
    charts: byUuid(charts),
    dashboards: byUuid(dashboards),
    queries: byUuid(queries),
  };
  const files = {
    databases: new Map([...bundle.databases].map(([f, c]) => [c.uuid, { file: f, config: c }])),
    datasets: new Map([...bundle.datasets].map(([f, c]) => [c.uuid, { file: f, config: c }])),
    charts: new Map([...bundle.charts].map(([f, c]) => [c.uuid, { file: f, config: c }])),
    dashboards: new Map([...bundle.dashboards].map(([f, c]) => [c.uuid, { file: f, config: c }])),
    queries: new Map([...bundle.queries].map(([f, c]) => [c.uuid, { file: f, config: c }])),
  };
  const errors: Record<string, unknown> = {};
  const plan: ImportPlan = {
    databases: new Map(),
    datasets: new Map(),
    charts: new Map(),
    dashboards: new Map(),
    queries: new Map(),
  };
  const top = (kind: AssetResource) => resource === kind;
  /** The action for an asset found on this server: only the imported kind is ever overwritten. */
  const actionFor = (kind: AssetResource, file: string | undefined, found: unknown): Action => {
    if (!found) return "create";
    if (!top(kind) || !file) return "reuse";
    if (!form.overwrite) errors[file] = alreadyExists(resource);
    return "overwrite";
  };
  const missing = (file: string, field: string, what: string, uuid: string) => {
    errors[file] = { [field]: [`The ${what} ${uuid} is neither in the upload nor on this server.`] };
  };

  const needDatabase = (uuid: string, from: string) => {
    if (plan.databases.has(uuid)) return;
    const inBundle = files.databases.get(uuid);
    const sameName = inBundle
      ? dbs.find((d) => d.database_name.toLowerCase() === inBundle.config.database_name.toLowerCase())
      : undefined;
    const found = existing.databases.get(uuid) ?? sameName;
    if (!inBundle && !found) return missing(from, "database_uuid", "database", uuid);
    const step: DatabaseStep = {
      file: inBundle?.file,
      config: inBundle?.config,
      existing: found,
      // The embedded examples database is always used as it is (its file can't be re-pointed).
      action: found?.builtin ? "reuse" : actionFor("database", inBundle?.file, found),
    };
    const tunnel = inBundle?.config.ssh_tunnel;
    if (inBundle && step.action !== "reuse" && tunnel && Object.keys(tunnel).length) {
      // Strata has no SSH tunnels: refused at once, never after asking for secrets it can't use.
      errors[inBundle.file] = { _schema: [NO_SSH_TUNNELS] };
    } else if (inBundle && step.action === "create") {
      const given = form.passwords[inBundle.file] ?? inBundle.config.password ?? undefined;
      if (isMasked(inBundle.config.sqlalchemy_uri) && !given)
        errors[inBundle.file] = { _schema: [NEEDS_PASSWORD] };
      step.password = given || undefined;
    }
    if (inBundle && step.action === "overwrite" && form.passwords[inBundle.file])
      step.password = form.passwords[inBundle.file];
    plan.databases.set(uuid, step);
  };

  const needDataset = (uuid: string, from: string) => {
    if (plan.datasets.has(uuid)) return;
    const inBundle = files.datasets.get(uuid);
    const found = existing.datasets.get(uuid);
    if (!inBundle && !found) return missing(from, "dataset_uuid", "dataset", uuid);
    const dbUuid = inBundle?.config.database_uuid ?? dbs.find((d) => d.id === found?.database_id)?.uuid ?? "";
    plan.datasets.set(uuid, {
      file: inBundle?.file,
      config: inBundle?.config,
      existing: found,
      action: actionFor("dataset", inBundle?.file, found),
      databaseUuid: dbUuid,
    });
    if (inBundle) needDatabase(dbUuid, inBundle.file);
  };

  const needChart = (uuid: string, from: string) => {
    if (plan.charts.has(uuid)) return;
    const inBundle = files.charts.get(uuid);
    const found = existing.charts.get(uuid);
    if (!inBundle && !found) return missing(from, "position", "chart", uuid);
    const datasetUuid = inBundle?.config.dataset_uuid ?? undefined;
    plan.charts.set(uuid, {
      file: inBundle?.file,
      config: inBundle?.config,
      existing: found,
      action: actionFor("chart", inBundle?.file, found),
      datasetUuid,
    });
    if (inBundle && datasetUuid) needDataset(datasetUuid, inBundle.file);
    else if (inBundle) errors[inBundle.file] = { dataset_uuid: ["Missing data for required field."] };
  };

  // What each kind of import brings in (as Superset's ImportXCommand does).
  if (resource === "dashboard") {
    for (const [uuid, { file, config }] of files.dashboards) {
      const found = existing.dashboards.get(uuid);
      plan.dashboards.set(uuid, {
        file,
        config,
        existing: found,
        action: actionFor("dashboard", file, found),
      });
      for (const c of layoutChartUuids(config.position)) needChart(c, file);
      for (const d of filterDatasetUuids(config.metadata)) needDataset(d, file);
    }
  } else if (resource === "chart") {
    for (const uuid of files.charts.keys()) needChart(uuid, "");
  } else if (resource === "dataset") {
    for (const uuid of files.datasets.keys()) needDataset(uuid, "");
  } else if (resource === "database") {
    for (const uuid of files.databases.keys()) needDatabase(uuid, "");
    for (const [uuid, { config }] of files.datasets)
      if (plan.databases.has(config.database_uuid)) needDataset(uuid, "");
  } else {
    for (const [uuid, { file, config }] of files.queries) {
      const found = existing.queries.get(uuid);
      plan.queries.set(uuid, {
        file,
        config,
        existing: found,
        action: actionFor("saved_query", file, found),
        databaseUuid: config.database_uuid,
      });
      needDatabase(config.database_uuid, file);
    }
  }
  if (Object.keys(errors).length) throw importError(resource, errors);
  await checkRights(ports, p, plan);
  return plan;
}

/**
 * `can_write` on every kind written, edit rights on everything overwritten, and read access to
 * everything reused: an import can't be used to reach objects the caller can't.
 */
async function checkRights(ports: AssetPorts, p: Principal, plan: ImportPlan) {
  const writes = (m: Map<string, { action: Action }>) => [...m.values()].some((s) => s.action !== "reuse");
  const kinds: [Map<string, { action: Action }>, AssetResource][] = [
    [plan.databases, "database"],
    [plan.datasets, "dataset"],
    [plan.charts, "chart"],
    [plan.dashboards, "dashboard"],
    [plan.queries, "saved_query"],
  ];
  for (const [m, kind] of kinds) if (writes(m)) requirePermission(p, "can_write", RESOURCE_VIEW[kind]);

  for (const step of plan.databases.values()) {
    const db = step.existing;
    if (!db) continue;
    if (step.action === "overwrite") await ports.databases.get(p, db.id);
    else if (!hasAnyAccessIn(p, db))
      throw forbidden(`The upload uses the database "${db.database_name}", which you can't access.`);
  }
  for (const step of plan.datasets.values()) {
    if (step.existing) {
      if (step.action === "overwrite") await ports.datasets.getForWrite(p, step.existing.id);
      else
        await ports.datasets.get(p, step.existing.id).catch(() => {
          throw forbidden(
            `The upload uses the dataset "${step.existing?.table_name}", which you can't read.`,
          );
        });
    } else {
      const db = plan.databases.get(step.databaseUuid)?.existing;
      if (db && !canAccessDatabase(p, db))
        throw forbidden(`You can't add datasets to the database "${db.database_name}".`);
    }
  }
  for (const step of plan.charts.values()) {
    if (!step.existing) continue;
    if (step.action === "overwrite") await ports.charts.getForWrite(p, step.existing.id);
    else
      await ports.charts.get(p, step.existing.id).catch(() => {
        throw forbidden(`The upload uses the chart "${step.existing?.slice_name}", which you can't read.`);
      });
  }
  for (const step of plan.dashboards.values()) {
    if (step.existing && step.action === "overwrite") await ports.dashboards.getForWrite(p, step.existing.id);
  }
  for (const step of plan.queries.values()) {
    // As an edit: only the user who saved it or an admin (seeing all queries is not editing them).
    if (step.existing && step.action === "overwrite")
      await ports.savedQueries.getForWrite(p, step.existing.id);
  }
}
