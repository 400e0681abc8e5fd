import type { Me } from "@strata/contracts";
import { apiRequest, resetCsrfToken } from "../../../lib/api-client";

/** POST /login/ {username, password} → {result: user}; sets the session cookie. */
export async function login(username: string, password: string): Promise<Me> {
  resetCsrfToken();
  const body = await apiRequest<{ result: Me }>("/login/", {
    method: "POST",
    json: { username, password },
    csrf: false,
  });
  resetCsrfToken(); // the token belongs to the new session
  return body.result;
}
