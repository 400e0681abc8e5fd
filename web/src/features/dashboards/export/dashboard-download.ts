import { saveBlob } from "../../../components/charts/data/download-chart-data";
import { canvasBlob, elementToCanvas, elementToPng } from "./dom-image";
import { jpegPdf } from "./image-pdf";

const fileBase = (name: string) => name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "dashboard";

/** Date stamp Superset adds to a downloaded dashboard's file name. */
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");

/** The dashboard as drawn now, as a PNG file. */
export async function downloadDashboardPng(element: HTMLElement, name: string): Promise<void> {
  saveBlob(await elementToPng(element), `${fileBase(name)}-${stamp()}.png`);
}

/** The dashboard as drawn now, as a one-page PDF. */
export async function downloadDashboardPdf(element: HTMLElement, name: string): Promise<void> {
  const rect = element.getBoundingClientRect();
  const canvas = await elementToCanvas(element);
  const jpeg = new Uint8Array(await (await canvasBlob(canvas, "image/jpeg", 0.92)).arrayBuffer());
  const width = Math.max(element.scrollWidth, rect.width);
  const height = Math.max(element.scrollHeight, rect.height);
  saveBlob(jpegPdf(jpeg, canvas.width, canvas.height, width, height), `${fileBase(name)}-${stamp()}.pdf`);
}
