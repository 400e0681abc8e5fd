import type { AssetResource, ImportForm } from "@strata/contracts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { loadYaml } from "./bundle-yaml.ts";
import type { AssetPorts } from "./ports.ts";

/**
 * Dashboards, charts, datasets, databases and saved queries in and out, in Superset's format.
 * The exporter and importer are loaded on first use: they are a large part of the API's code and
 * most requests never need them, so a cold Lambda doesn't pay for them.
 */
export class Assets {
  constructor(private readonly ports: AssetPorts) {}

  /** `GET /api/v1/{resource}/export/`: the ZIP bundle and its file name. */
  async export(
    p: Principal,
    resource: AssetResource,
    ids: number[],
  ): Promise<{ fileName: string; zip: Uint8Array }> {
    const [{ AssetExport }] = await Promise.all([import("./export.ts"), loadYaml()]);
    return new AssetExport(this.ports, p).run(resource, ids);
  }

  /**
   * `POST /api/v1/{resource}/import/`: reads and checks the whole upload, plans it against this
   * server (refusing with Superset's prompts and messages before anything is written), then writes
   * it in dependency order, undoing this import's writes if one fails. Imports left half-done by
   * a process that died are rolled back first, so this one plans against a whole state.
   * Returns what was adjusted.
   */
  async import(
    p: Principal,
    resource: AssetResource,
    upload: { name: string; bytes: Uint8Array },
    form: ImportForm,
  ): Promise<{ warnings: string[] }> {
    const [{ RESOURCE_VIEW }, { readBundle }, { planImport }, { ImportWriter }] = await Promise.all([
      import("./export.ts"),
      import("./import-bundle.ts"),
      import("./import-plan.ts"),
      import("./import-write.ts"),
      loadYaml(),
    ]);
    requirePermission(p, "can_write", RESOURCE_VIEW[resource]);
    const { bundle } = readBundle(resource, upload);
    await this.rollBackUnfinished();
    const plan = await planImport(this.ports, p, resource, bundle, form);
    const writer = new ImportWriter(this.ports, p, resource);
    await writer.write(plan, bundle.tagDescriptions);
    return { warnings: writer.warnings };
  }

  /**
   * Rolls back imports a dead process left half-written (their journal still open): every one
   * at a local start (`all`: no other process shares the data), else those whose heartbeat
   * stopped. Returns how many were rolled back.
   */
  async rollBackUnfinished(opts: { all?: boolean } = {}): Promise<number> {
    const { rollBackUnfinished } = await import("./import-journal.ts");
    return rollBackUnfinished(
      this.ports.meta,
      () => this.ports.now?.() ?? new Date(),
      this.ports.forgetEngine,
      opts,
    );
  }
}
