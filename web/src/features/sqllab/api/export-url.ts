/** GET /api/v1/sqllab/export/{client_id}/: every stored row of a run as a CSV attachment. */
export const sqlLabExportUrl = (clientId: string) => `/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`;
