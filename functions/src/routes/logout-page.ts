import { html } from "hono/html";

/**
 * The page GET /logout/ shows a logged-in user: one button that posts the logout form with the
 * session's CSRF token. No script (the CSP allows none inline), styles inline (allowed).
 * `html` escapes the interpolated username and token.
 */
export function logoutPage(username: string, csrfToken: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Log out · Strata</title>
  </head>
  <body style="font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh; margin: 0">
    <form method="post" action="/logout/" style="text-align: center">
      <p>You are logged in as <strong>${username}</strong>.</p>
      <input type="hidden" name="csrf_token" value="${csrfToken}" />
      <button type="submit" data-test="logout-confirm" style="font-size: 1rem; padding: 0.5rem 1.5rem">Log out</button>
      <p><a href="/">Stay logged in</a></p>
    </form>
  </body>
</html>`;
}
