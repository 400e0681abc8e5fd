import { REPORTS } from "../../../components/reports";

/** `GET /api/v1/report/{id}/log/` as a list resource (the list view pages and sorts it). */
export const reportLogResource = (id: number) => `${REPORTS}/${id}/log`;
