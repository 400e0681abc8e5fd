import type { AssetResource, ImportForm } from "@strata/contracts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { AssetExport, RESOURCE_VIEW } from "./export.ts";
import { readBundle } from "./import-bundle.ts";
import { planImport } from "./import-plan.ts";
import { ImportWriter } from "./import-write.ts";
import type { AssetPorts } from "./ports.ts";

/** Dashboards, charts, datasets, databases and saved queries in and out, in Superset's format. */
export class Assets {
  constructor(private readonly ports: AssetPorts) {}

  /** `GET /api/v1/{resource}/export/`: the ZIP bundle and its file name. */
  export(
    p: Principal,
    resource: AssetResource,
    ids: number[],
  ): Promise<{ fileName: string; zip: Uint8Array }> {
    return new AssetExport(this.ports, p).run(resource, ids);
  }

  /**
   * `POST /api/v1/{resource}/import/`: reads and checks the whole upload, plans it against this
   * server (refusing with Superset's prompts and messages before anything is written), then writes
   * it in dependency order, undoing this import's writes if one fails. Returns what was adjusted.
   */
  async import(
    p: Principal,
    resource: AssetResource,
    upload: { name: string; bytes: Uint8Array },
    form: ImportForm,
  ): Promise<{ warnings: string[] }> {
    requirePermission(p, "can_write", RESOURCE_VIEW[resource]);
    const { bundle } = readBundle(resource, upload);
    const plan = await planImport(this.ports, p, resource, bundle, form);
    const writer = new ImportWriter(this.ports, p, resource);
    await writer.write(plan);
    return { warnings: writer.warnings };
  }
}
