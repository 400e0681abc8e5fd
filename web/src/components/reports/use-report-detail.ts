import type { ReportDetail } from "@strata/contracts";
import { useResourceItem } from "../../lib/resource/resource-item";
import { REPORTS } from "./report-api";

/** GET /api/v1/report/{id}: everything the edit modals need (null id: nothing is fetched). */
export const useReportDetail = (id: number | null) => useResourceItem<ReportDetail>(REPORTS, id);
