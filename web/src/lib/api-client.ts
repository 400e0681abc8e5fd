import { type ApiError, errorFromBody, networkError, timeoutError } from "./api-error";

/**
 * The one HTTP client of the SPA: same-origin fetch with the session cookie, `X-CSRFToken` on
 * every non-GET call, Superset error bodies turned into ApiError.
 */

const CSRF_PATH = "/api/v1/security/csrf_token/";
const DEFAULT_TIMEOUT_MS = 60_000;

let csrfToken: Promise<string> | undefined;

async function fetchCsrfToken(): Promise<string> {
  try {
    const res = await fetch(CSRF_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return "";
    const body = (await res.json()) as { result?: string };
    return body.result ?? "";
  } catch {
    return "";
  }
}

/**
 * The token once known: a write then leaves in the same turn it was made in (a dashboard's
 * chart-data batch, sent while the page still renders its charts), not a turn later.
 */
let knownCsrfToken: string | undefined;

function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  const asked: Promise<string> = fetchCsrfToken().then((token) => {
    if (csrfToken !== asked) return token; // the session changed meanwhile: remember nothing
    if (!token)
      csrfToken = undefined; // logged out: try again next time
    else knownCsrfToken = token;
    return token;
  });
  csrfToken = asked;
  return asked;
}

/**
 * Fetches the CSRF token now, alongside a page's first reads, so its first write (a dashboard's
 * chart-data batch) does not wait for it after them. Nothing for guests, who send none.
 */
export function prefetchCsrfToken(): void {
  if (!guestToken) void getCsrfToken();
}

/** The session changed (login, logout): the next write fetches a fresh token. */
export function resetCsrfToken(): void {
  csrfToken = undefined;
  knownCsrfToken = undefined;
}

let guestToken: string | undefined;

/**
 * Embedded dashboards: while a guest token is set every request carries `X-GuestToken` and no
 * session cookie, CSRF token or 401 → login redirect.
 */
export function setGuestToken(token: string | null | undefined): void {
  guestToken = token || undefined;
}

/** The guest token requests carry now (the async-event socket offers it in its handshake). */
export function currentGuestToken(): string | undefined {
  return guestToken;
}

type UnauthorizedHandler = (error: ApiError, path: string) => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** Called on any 401 except from the login call itself. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** JSON body. */
  json?: unknown;
  /** Multipart body (uploads). */
  formData?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send X-CSRFToken on a write (default true); the login call has no session to take it from. */
  csrf?: boolean;
  /** Let the request outlive the page (events flushed while leaving). */
  keepalive?: boolean;
}

async function send(path: string, options: RequestOptions, retryCsrf: boolean): Promise<Response> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  const guest = guestToken;
  if (guest) headers["X-GuestToken"] = guest;
  else if (method !== "GET" && options.csrf !== false) {
    const token = knownCsrfToken ?? (await getCsrfToken());
    if (token) headers["X-CSRFToken"] = token;
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: guest ? "omit" : "same-origin",
      body: options.formData ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
      signal,
      keepalive: options.keepalive,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (timeout.aborted) throw timeoutError(timeoutMs);
    throw networkError(err);
  }
  // The server answers a stale or missing CSRF token with 403 (Superset's Flask-WTF used 400):
  // fetch the current session's token once and try again.
  if (retryCsrf && !guest && method !== "GET" && (res.status === 400 || res.status === 403)) {
    const text = await res.clone().text();
    if (text.includes("CSRF")) {
      resetCsrfToken();
      return send(path, options, false);
    }
  }
  return res;
}

async function readBody(res: Response): Promise<{ body: unknown; text: string }> {
  const text = await res.text();
  if (!text) return { body: null, text };
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { body: null, text };
  }
}

/** Performs a call and resolves with the parsed JSON body (null when empty). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, true);
  const { body, text } = await readBody(res);
  if (!res.ok) {
    const error = errorFromBody(res.status, body, text);
    if (res.status === 401 && !guestToken && !path.startsWith("/login")) onUnauthorized?.(error, path);
    throw error;
  }
  return body as T;
}

/**
 * Performs a call and resolves with the Response itself when it is ok (status-dependent bodies
 * such as chart data's 200/202, and file downloads); failures reject with ApiError as above.
 */
export async function apiRequestRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = await send(path, options, true);
  if (!res.ok) {
    const { body, text } = await readBody(res);
    const error = errorFromBody(res.status, body, text);
    if (res.status === 401 && !guestToken && !path.startsWith("/login")) onUnauthorized?.(error, path);
    throw error;
  }
  return res;
}

export const apiGet = <T>(path: string): Promise<T> => apiRequest<T>(path);
export const apiPost = <T>(path: string, json?: unknown): Promise<T> =>
  apiRequest<T>(path, { method: "POST", json: json ?? {} });
export const apiPut = <T>(path: string, json?: unknown): Promise<T> =>
  apiRequest<T>(path, { method: "PUT", json: json ?? {} });
export const apiDelete = <T>(path: string): Promise<T> => apiRequest<T>(path, { method: "DELETE" });
