/** A failure the CLI reports as one clear line (no stack trace) and exits non-zero with. */
export class CliError extends Error {}

/** The server the CLI talks to and the Bearer token it sends. */
export interface Connection {
  url: string;
  token: string;
}

export type Env = Record<string, string | undefined>;

export const DEFAULT_URL = "http://localhost:8088";

/**
 * `STRATA_URL` (default http://localhost:8088) and either `STRATA_TOKEN` (an access token) or
 * `STRATA_USERNAME` + `STRATA_PASSWORD`, exchanged for one at `/api/v1/security/login`.
 */
export async function connect(env: Env): Promise<Connection> {
  const url = (env.STRATA_URL?.trim() || DEFAULT_URL).replace(/\/+$/, "");
  if (!/^https?:\/\//i.test(url))
    throw new CliError(`STRATA_URL must start with http:// or https:// (got ${url}).`);
  const token = env.STRATA_TOKEN?.trim();
  if (token) return { url, token };
  const username = env.STRATA_USERNAME;
  const password = env.STRATA_PASSWORD;
  if (!username || !password) {
    throw new CliError(
      "Set STRATA_TOKEN to an access token, or STRATA_USERNAME and STRATA_PASSWORD to log in.",
    );
  }
  const res = await send(url, "/api/v1/security/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, provider: "db", refresh: false }),
  });
  if (res.status === 401) {
    throw new CliError(`Login failed at ${url}: ${await serverMessage(res, "wrong username or password")}.`);
  }
  await failUnlessOk(res, url);
  const body = (await res.json()) as { access_token?: unknown };
  if (typeof body.access_token !== "string") throw new CliError(`Login at ${url} returned no access token.`);
  return { url, token: body.access_token };
}

/** Calls the server with the connection's token; connection, 401 and 403 failures become CliErrors. */
export async function call(conn: Connection, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${conn.token}`);
  const res = await send(conn.url, path, { ...init, headers });
  if (res.status === 401) {
    throw new CliError(
      `Not authenticated at ${conn.url}: ${await serverMessage(res, "the token was refused")}. Check STRATA_TOKEN (tokens expire) or STRATA_USERNAME/STRATA_PASSWORD.`,
    );
  }
  if (res.status === 403) {
    throw new CliError(
      `Forbidden at ${conn.url}${path}: ${await serverMessage(res, "this user lacks the permission")}.`,
    );
  }
  return res;
}

async function send(url: string, path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${url}${path}`, { ...init, redirect: "manual" });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code;
    if (code === "ECONNREFUSED") {
      throw new CliError(
        `Cannot connect to ${url}: connection refused. Is Strata running there? (set STRATA_URL)`,
      );
    }
    if (code === "ENOTFOUND") throw new CliError(`Cannot connect to ${url}: the host name is not known.`);
    throw new CliError(`Cannot reach ${url}: ${cause?.message ?? (err as Error).message}.`);
  }
}

/** Any other non-2xx answer as an error carrying the server's message. */
export async function failUnlessOk(res: Response, what: string): Promise<void> {
  if (res.ok) return;
  throw new CliError(`${what} failed with HTTP ${res.status}: ${await serverMessage(res, res.statusText)}`);
}

/** The server's `message` (Superset's error shape), or a fallback when the body has none. */
export async function serverMessage(res: Response, fallback: string): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown; msg?: unknown };
    const message = body.message ?? body.msg;
    if (typeof message === "string" && message) return message.replace(/[.\s]+$/, "");
    if (message && typeof message === "object") return JSON.stringify(message);
  } catch {
    // not JSON: fall through
  }
  return text.trim().slice(0, 500) || fallback;
}
