import type { DashboardScreenshotRequest, ScreenshotFormat } from "@strata/contracts";
import { notifications } from "@mantine/notifications";
import { saveBlob } from "../../../components/charts/data/download-chart-data";
import { errorMessage, isApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { fetchDashboardScreenshot, startDashboardScreenshot } from "../api/dashboard-screenshot";

/** How often the file is asked for while the server draws it (Superset's client: every 3 s). */
const POLL_MS = 1_500;
/** The server gives a drawing up to 300 s; past a little more, the download is given up. */
const GIVE_UP_MS = 320_000;
const WORKING_TOAST = "dashboard-screenshot-working";

const fileBase = (name: string) => name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "dashboard";

/** Date stamp Superset adds to a downloaded dashboard's file name. */
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole dashboard as an image or a PDF, drawn by the server as its reports are (every chart,
 * full length, PDFs over as many pages as needed) in the state shown: the filters applied and
 * the tabs open. Starts the drawing, asks for the file until it is made, then saves it. Resolves
 * once the file is saved; rejects with the server's reason when it could not be made.
 */
export async function downloadDashboardScreenshot(
  dashboardId: number,
  title: string,
  format: ScreenshotFormat,
  state: Omit<DashboardScreenshotRequest, "download_format">,
): Promise<void> {
  const { cache_key } = await startDashboardScreenshot(dashboardId, { ...state, download_format: format });
  const until = Date.now() + GIVE_UP_MS;
  for (;;) {
    try {
      const res = await fetchDashboardScreenshot(dashboardId, cache_key, format);
      saveBlob(await res.blob(), `${fileBase(title)}-${stamp()}.${format}`);
      return;
    } catch (err) {
      // 404 is "not made yet"; anything else (the drawing failed, access lost) ends the wait.
      if (!isApiError(err) || err.status !== 404) throw err;
    }
    if (Date.now() > until) throw new Error(t("The screenshot took too long to generate."));
    await sleep(POLL_MS);
  }
}

/** The download with Superset's messages: a toast while it works, then success or the reason it failed. */
export async function downloadDashboardWithToasts(
  ...args: Parameters<typeof downloadDashboardScreenshot>
): Promise<void> {
  // One toast that stays (with a spinner) for the whole wait, rather than one every few seconds.
  notifications.show({
    id: WORKING_TOAST,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: t("The screenshot is being generated. Please, do not leave the page."),
    "data-test": "toast-info",
  });
  try {
    await downloadDashboardScreenshot(...args);
    notifications.hide(WORKING_TOAST);
    toast.success(t("The screenshot has been downloaded."));
  } catch (err) {
    notifications.hide(WORKING_TOAST);
    toast.danger(`${t("The screenshot could not be downloaded.")} ${errorMessage(err)}`);
  }
}
