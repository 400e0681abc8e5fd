import type { ChartDataRequestInput } from "@strata/contracts";
import { postChartData, unexpectedStatus } from "./fetch-chart-data";

function filenameOf(res: Response, fallback: string): string {
  const header = res.headers.get("Content-Disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the chart's data as CSV or XLSX (`result_format`), as a file. */
export async function downloadChartData(request: ChartDataRequestInput, baseName: string): Promise<void> {
  const res = await postChartData(request);
  if (res.status !== 200) throw unexpectedStatus(res.status);
  saveBlob(await res.blob(), filenameOf(res, `${baseName}.${request.result_format}`));
}
