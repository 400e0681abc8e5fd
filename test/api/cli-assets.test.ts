import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { main } from "../../functions/src/cli/strata.ts";
import { treeFromZip } from "../../functions/src/cli/zip-tree.ts";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";
import { buildZip } from "../support/zip-builder.ts";

/**
 * `strata export` / `strata import` (assets as code) against a Strata listening on a real socket:
 * the Births dashboard written out as files, deleted, and brought back from the folder.
 */
type Json = Record<string, any>;
let s: TestServer;
let server: Listening | undefined;
let url: string;
let admin: string;
const dirs: string[] = [];

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  server = await listen(createApp(s.runtime.core).fetch);
  url = server.url;
});
afterAll(async () => {
  server?.close();
  await s?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "strata-cli-"));
  dirs.push(dir);
  return dir;
}

async function strata(
  args: string[],
  env: Record<string, string> = { STRATA_URL: url, STRATA_TOKEN: admin },
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const births = async () => s.call("GET", "/api/v1/dashboard/births", { token: admin });

describe("strata export / import", () => {
  it("exports Births to files, and imports the folder back after the dashboard is deleted", async () => {
    const dashboard = ((await (await births()).json()) as Json).result as Json;
    const dir = tempDir();
    const exported = await strata(["export", "--dashboards", String(dashboard.id), "--out", dir]);
    expect(exported.code, exported.err).toBe(0);
    // No timestamped top folder: the same paths on every export.
    const top = readdirSync(dir).sort();
    expect(top).toEqual(["charts", "dashboards", "databases", "datasets", "metadata.yaml"]);
    expect(readFileSync(join(dir, "metadata.yaml"), "utf8")).toMatch(/^type: Dashboard$/m);
    expect(readdirSync(join(dir, "dashboards"))).toEqual([`Births_${dashboard.id}.yaml`]);
    expect(readdirSync(join(dir, "charts")).length).toBeGreaterThan(0);
    expect(readdirSync(join(dir, "datasets", "examples")).some((f) => f.startsWith("birth_names_"))).toBe(
      true,
    );
    expect(existsSync(join(dir, "databases", "examples.yaml"))).toBe(true);

    // Exporting again gives the same paths.
    const again = tempDir();
    expect((await strata(["export", "--dashboards", String(dashboard.id), "--out", again])).code).toBe(0);
    expect(readdirSync(again, { recursive: true }).sort()).toEqual(
      readdirSync(dir, { recursive: true }).sort(),
    );

    expect((await s.call("DELETE", `/api/v1/dashboard/${dashboard.id}`, { token: admin })).status).toBe(200);
    expect((await births()).status).toBe(404);

    const imported = await strata(["import", dir]);
    expect(imported.code, imported.err).toBe(0);
    const back = await births();
    expect(back.status).toBe(200);
    expect(((await back.json()) as Json).result.dashboard_title).toBe("Births");

    // It exists now: without --overwrite the server's confirmation message, and a failing exit code.
    const refused = await strata(["import", dir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("Dashboard already exists and `overwrite=true` was not passed");
    expect(refused.err).toContain("dashboards/Births_");
    const overwritten = await strata(["import", dir, "--overwrite"]);
    expect(overwritten.code, overwritten.err).toBe(0);
  });

  it("runs as a process through the bin launcher, logging in with a username and password", async () => {
    const dir = tempDir();
    const run = promisify(execFile);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      STRATA_URL: url,
      STRATA_USERNAME: ADMIN.username,
      STRATA_PASSWORD: ADMIN.password,
    };
    delete env.STRATA_TOKEN;
    const { stdout } = await run(
      process.execPath,
      ["functions/src/cli/bin.mjs", "export", "--datasets", "1", "--out", dir],
      { env },
    );
    expect(stdout).toContain("metadata.yaml");
    expect(existsSync(join(dir, "databases", "examples.yaml"))).toBe(true);
    // The dataset exists, so a plain import is refused with a non-zero exit.
    const failed = await run(process.execPath, ["functions/src/cli/bin.mjs", "import", dir], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain("already exists");
  }, 60_000);

  it("explains connection, credential and permission failures", async () => {
    const refused = await strata(["export", "--charts", "1", "--out", tempDir()], {
      STRATA_URL: "http://127.0.0.1:59998",
      STRATA_TOKEN: "x",
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("connection refused");
    const badToken = await strata(["export", "--charts", "1", "--out", tempDir()], {
      STRATA_URL: url,
      STRATA_TOKEN: "nope",
    });
    expect(badToken.code).toBe(1);
    expect(badToken.err).toContain("Not authenticated");
    const badLogin = await strata(["import", tempDir()], {
      STRATA_URL: url,
      STRATA_USERNAME: ADMIN.username,
      STRATA_PASSWORD: "wrong",
    });
    expect(badLogin.code).toBe(1);
    expect(badLogin.err).toContain("No metadata.yaml");
    const noCredentials = await strata(["export", "--charts", "1", "--out", tempDir()], { STRATA_URL: url });
    expect(noCredentials.err).toContain("STRATA_TOKEN");
    const wrongPassword = await strata(["export", "--charts", "1", "--out", tempDir()], {
      STRATA_URL: url,
      STRATA_USERNAME: ADMIN.username,
      STRATA_PASSWORD: "wrong",
    });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.err).toContain("Login failed");
    // Gamma may not import databases (Superset's can_write on Database).
    const gamma = await userWithRoles(s, admin, "cli-gamma", ["Gamma"]);
    const dir = tempDir();
    expect((await strata(["export", "--databases", "1", "--out", dir])).code).toBe(0);
    const forbidden = await strata(["import", dir], { STRATA_URL: url, STRATA_TOKEN: gamma });
    expect(forbidden.code).toBe(1);
    expect(forbidden.err).toContain("Forbidden");
    expect((await strata(["export", "--out", tempDir()])).err).toContain("Name one kind");
  });

  it("refuses archive members that would leave the output folder", () => {
    const zip = buildZip([
      { name: "x_export/metadata.yaml", data: "version: 1.0.0\n" },
      { name: "x_export/../../evil.yaml", data: "a: 1\n" },
    ]);
    expect(() => treeFromZip(zip)).toThrow(/unsafe file name/);
  });
});
