import type { AssetResource, ImportForm } from "@strata/contracts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { loadYaml } from "./bundle-yaml.ts";
import { AssetExport, RESOURCE_VIEW } from "./export.ts";
import { readBundle } from "./import-bundle.ts";
import { planImport } from "./import-plan.ts";
import { rollBackUnfinished } from "./import-journal.ts";
import { ImportWriter } from "./import-write.ts";
import type { AssetPorts } from "./ports.ts";

/** Dashboards, charts, datasets, databases and saved queries in and out, in Superset's format. */
export class Assets {
  constructor(private readonly ports: AssetPorts) {}

  /** `GET /api/v1/{resource}/export/`: the ZIP bundle and its file name. */
  async export(
    p: Principal,
    resource: AssetResource,
    ids: number[],
  ): Promise<{ fileName: string; zip: Uint8Array }> {
    await loadYaml();
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
    requirePermission(p, "can_write", RESOURCE_VIEW[resource]);
    await loadYaml();
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
  rollBackUnfinished(opts: { all?: boolean } = {}): Promise<number> {
    return rollBackUnfinished(
      this.ports.meta,
      () => this.ports.now?.() ?? new Date(),
      this.ports.forgetEngine,
      opts,
    );
  }
}
