import type { DatabaseParameters, EngineName } from "@strata/contracts";
import { engineSpec } from "@strata/engines";

/**
 * Where a stored password may go.
 *
 * The edit form sends the mask (`XXXXXXXXXX`) back instead of the password, and the server then
 * uses the stored one. That is only safe when the connection is the one the password was saved
 * for: otherwise anyone who may test or edit connections could point a saved database at a host
 * they control (or another user, database, port, TLS setting or libpq option such as `host=`,
 * `hostaddr=`, `sslmode=`, `sslrootcert=`) and read the password off the wire. So the stored
 * password is reused only when every connection parameter is unchanged; any change makes the
 * mask mean "no password".
 */
export interface ConnectionTarget {
  engine: EngineName;
  parameters: DatabaseParameters;
}

export function sameConnectionTarget(saved: ConnectionTarget, next: ConnectionTarget): boolean {
  return saved.engine === next.engine && fingerprint(saved) === fingerprint(next);
}

/**
 * Every parameter but the password, normalised so that forms that spell the same connection
 * differently (port 5432 vs "5432", a missing vs empty query, `Host` case) still match; anything
 * else compares exactly. Keys are sorted at every depth so the order a client sends is irrelevant.
 */
function fingerprint(target: ConnectionTarget): string {
  const { password: _password, ...rest } = target.parameters;
  const p: Record<string, unknown> = { ...rest };
  if (typeof p.host === "string") p.host = p.host.trim().toLowerCase().replace(/\.$/, "");
  const defaultPort = engineSpec(target.engine).capabilities.defaultPort;
  if (defaultPort !== null && (p.port === undefined || p.port === "")) p.port = defaultPort;
  if (p.port !== undefined && p.port !== "") p.port = Number(p.port);
  return JSON.stringify(canonical(p));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const out: [string, unknown][] = [];
    for (const key of Object.keys(value).sort()) {
      const v = canonical((value as Record<string, unknown>)[key]);
      if (!isEmpty(v)) out.push([key, v]);
    }
    return out;
  }
  return value;
}

/** Absent, null, "", false and empty objects all mean "not set" in a connection form. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || v === false || (Array.isArray(v) && v.length === 0);
}
