import { apiRequestRaw } from "../../lib/api-client";
import { errorMessage } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { withRisonQuery } from "../../lib/rison-query";
import { toast } from "../../lib/toast";
import { saveBlob } from "../charts/data/download-chart-data";

function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match ? match[1] : fallback;
}

/** GET /api/v1/{resource}/export/?q=!(ids) and saves the ZIP the server names. */
export async function downloadExport(resource: string, ids: number[]): Promise<void> {
  const res = await apiRequestRaw(withRisonQuery(`/api/v1/${resource}/export/`, ids), { timeoutMs: 300_000 });
  saveBlob(await res.blob(), fileNameOf(res, `${resource}_export.zip`));
}

/** Exports the given rows, toasting a failure (`label` is the plural noun: 'dashboards'). */
export async function exportRows(resource: string, label: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await downloadExport(resource, ids);
  } catch (err) {
    toast.danger(t("There was an issue exporting the selected %s: %s", label, errorMessage(err)));
  }
}
