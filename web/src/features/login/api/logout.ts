import { apiRequest, resetCsrfToken } from "../../../lib/api-client";

/** POST /logout/ with the CSRF token (a GET no longer ends a session); ends the cookie session. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<{ message: string }>("/logout/", { method: "POST" });
  } finally {
    resetCsrfToken(); // the token belonged to the session that just ended
  }
}
