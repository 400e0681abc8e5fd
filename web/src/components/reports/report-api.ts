import type { ReportDetail, ReportFormat, ReportPost, ReportPut } from "@strata/contracts";
import { apiPut } from "../../lib/api-client";
import { translatable } from "../../lib/i18n";
import { resourceItemPath } from "../../lib/resource/resource-path";
import { createResource, revalidateResource, updateResource } from "../../lib/resource/resource-write";

/** `/api/v1/report/` as a generic resource (alerts and reports alike). */
export const REPORTS = "report";

/** The formats a report may be sent in, per target, in Superset's words. */
export const CHART_FORMATS: { value: ReportFormat; label: string }[] = [
  { value: "PNG", label: translatable("Image (PNG) embedded in email") },
  { value: "CSV", label: translatable("Formatted CSV attached in email") },
  { value: "TEXT", label: translatable("Text embedded in email") },
];
export const DASHBOARD_FORMATS: { value: ReportFormat; label: string }[] = [
  { value: "PNG", label: translatable("Image (PNG) embedded in email") },
  { value: "PDF", label: translatable("PDF (.pdf) attached in email") },
];

/** POST /api/v1/report/ */
export const createReport = (body: ReportPost) => createResource<ReportDetail>(REPORTS, body);

/** PUT /api/v1/report/{id} */
export const updateReport = (id: number, body: ReportPut) => updateResource<ReportDetail>(REPORTS, id, body);

/** Pauses or resumes a schedule, then refreshes every list and menu that shows it. */
export async function setReportActive(id: number, active: boolean): Promise<void> {
  await apiPut(resourceItemPath(REPORTS, id), { active });
  await revalidateResource(REPORTS);
}
