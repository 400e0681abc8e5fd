import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/query/stop: stops a run by its client id. */
export const stopQuery = (clientId: string) => apiPost("/api/v1/query/stop", { client_id: clientId });
