import type { TestConnection } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/database/test_connection/ (body like POST database) → {message: "OK"} */
export function testConnection(body: TestConnection) {
  return apiPost<{ message: string }>("/api/v1/database/test_connection/", body);
}
