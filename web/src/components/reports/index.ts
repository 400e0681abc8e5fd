export { reportAnchor, tabOptions, withAnchor } from "./dashboard-anchor";
export { DashboardTabSelect } from "./dashboard-tab-select";
export {
  emailRecipients,
  emailsProblem,
  recipientTarget,
  slackProblem,
  slackRecipients,
  slackTarget,
} from "./recipients";
export {
  CHART_FORMATS,
  createReport,
  DASHBOARD_FORMATS,
  REPORTS,
  setReportActive,
  updateReport,
} from "./report-api";
export { type ReportMenu, useReportMenu } from "./report-menu";
export { ReportModal } from "./report-modal";
export { parseCrontab, type Schedule, toCrontab } from "./schedule";
export { SchedulePicker } from "./schedule-picker";
export { SlackRecipientInput } from "./slack-recipient-input";
export { browserTimeZone, TimezoneSelect, timeZones } from "./timezone-select";
export { UnshownErrors } from "./unshown-errors";
export { dashboardTabsKey, useDashboardTabs } from "./use-dashboard-tabs";
export { type ReportTarget, useMyReport } from "./use-my-reports";
export { NOTIFICATION_METHODS_KEY, useNotificationMethods } from "./use-notification-methods";
export { useReportDetail } from "./use-report-detail";
