import type {
  DashboardScreenshotReply,
  DashboardScreenshotRequest,
  ScreenshotFormat,
} from "@strata/contracts";
import { apiPost, apiRequestRaw } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** POST /api/v1/dashboard/{id}/cache_dashboard_screenshot/ → the task's key (drawn in the background). */
export const startDashboardScreenshot = (id: number, body: DashboardScreenshotRequest) =>
  apiPost<DashboardScreenshotReply>(`${dashboardKey(id)}/cache_dashboard_screenshot/`, body);

/** GET /api/v1/dashboard/{id}/screenshot/{key}/?download_format= → the file; 404 while it is being made. */
export const fetchDashboardScreenshot = (id: number, key: string, format: ScreenshotFormat) =>
  apiRequestRaw(`${dashboardKey(id)}/screenshot/${encodeURIComponent(key)}/?download_format=${format}`);
