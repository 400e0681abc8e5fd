import type { PasswordChangeSchema } from "@strata/contracts";
import type * as v from "valibot";
import { apiPut, resetCsrfToken } from "../../../lib/api-client";

/**
 * PUT /api/v1/me/password: the server checks the current password (throttled like a login), signs
 * out every other session and token, and gives this browser a new session cookie. The CSRF token
 * belongs to the old session, so the next write fetches a new one.
 */
export async function changePassword(body: v.InferOutput<typeof PasswordChangeSchema>) {
  const reply = await apiPut<{ message: string }>("/api/v1/me/password", body);
  resetCsrfToken();
  return reply;
}
