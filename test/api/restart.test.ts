import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";

const dataDir = mkdtempSync(join(tmpdir(), "strata-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boot(log: string[] = []) {
  const runtime = await startLocalRuntime({ dataDir, examples: ["energy_usage"], log: (l) => log.push(l) });
  return { runtime, app: createApp(runtime.core) };
}

describe("local state under DATA_DIR", () => {
  it("generates a secret and an admin password once, and keeps metadata, sessions and DuckDB data across restarts", async () => {
    const log: string[] = [];
    const first = await boot(log);
    const secretFile = join(dataDir, "secret.key");
    expect(existsSync(secretFile)).toBe(true);
    expect(statSync(secretFile).mode & 0o077).toBe(0);
    const secret = readFileSync(secretFile, "utf8");
    const password = /generated password: (\S+)/.exec(log.join("\n"))?.[1];
    expect(password).toBeTruthy();

    const login = await first.app.request("/login/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password }),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const csrf = (
      (await (await first.app.request("/api/v1/security/csrf_token/", { headers: { cookie } })).json()) as {
        result: string;
      }
    ).result;
    const created = await first.app.request("/api/v1/dataset/", {
      method: "POST",
      headers: { cookie, "x-csrftoken": csrf, "content-type": "application/json" },
      body: JSON.stringify({
        database: 1,
        schema: "main",
        table_name: "kept",
        sql: "SELECT source, value FROM energy_usage",
      }),
    });
    expect(created.status).toBe(201);
    await first.runtime.close();

    const log2: string[] = [];
    const second = await boot(log2);
    expect(readFileSync(secretFile, "utf8")).toBe(secret);
    expect(log2.join("\n")).not.toMatch(/generated password/);
    // The same session cookie still works: the secret and the session record survived.
    const list = await second.app.request(
      "/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:kept)))",
      { headers: { cookie } },
    );
    expect(list.status).toBe(200);
    expect(((await list.json()) as { count: number }).count).toBe(1);
    const all = (await (await second.app.request("/api/v1/dataset/", { headers: { cookie } })).json()) as {
      count: number;
    };
    expect(all.count).toBe(2);
    await second.runtime.close();
  });
});
