import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Role names are unique (case-insensitively, as Admin is recognised by name), the names of the
 * built-in roles belong to them alone, prototype names are ordinary names, racing creates get one
 * role, and bulk deletes of roles and users check every id before deleting any.
 */
let s: TestServer;
let admin: string;
let adminId: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));
const ROLES = "/api/v1/security/roles/";
const USERS = "/api/v1/security/users/";

async function roles(): Promise<{ id: number; name: string }[]> {
  return (await json(await s.call("GET", `${ROLES}?q=(page_size:100)`, { token: admin }))).result;
}
const roleId = async (name: string) => (await roles()).find((r) => r.name === name)!.id;
const named = async (name: string) =>
  (await roles()).filter((r) => r.name.toLowerCase() === name.toLowerCase()).length;

async function createRole(name: string): Promise<number> {
  const res = await s.call("POST", ROLES, { token: admin, body: { name } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}
const rename = (id: number, name: string) => s.call("PUT", `${ROLES}${id}`, { token: admin, body: { name } });

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  admin = await s.login(ADMIN.username, ADMIN.password);
  adminId = (await json(await s.call("GET", "/api/v1/me/", { token: admin }))).result.id;
});
afterAll(() => s.close());

describe("role names", () => {
  it("refuses a built-in role's name, in any letter case, on create and on rename", async () => {
    const id = await createRole("Custom");
    for (const name of ["Gamma", "gamma", "Admin", "admin", "ADMIN", " Admin ", "Public", "SQL_LAB"]) {
      const created = await s.call("POST", ROLES, { token: admin, body: { name } });
      expect(created.status, name).toBe(422);
      expect(JSON.stringify((await json(created)).message)).toMatch(/is the name of a built-in role/);
      const renamed = await rename(id, name);
      expect(renamed.status, name).toBe(422);
    }
    expect((await json(await s.call("GET", `${ROLES}${id}`, { token: admin }))).result.name).toBe("Custom");
    expect(await named("admin")).toBe(1);
    expect(await named("gamma")).toBe(1);
  });

  it("refuses another role's name (case-insensitively), and a role may change its own case", async () => {
    const a = await createRole("Analysts");
    const b = await createRole("Viewers2");
    const taken = await rename(b, "ANALYSTS");
    expect(taken.status).toBe(422);
    expect((await json(taken)).message).toEqual({ name: ["A role with this name already exists"] });
    expect((await s.call("POST", ROLES, { token: admin, body: { name: "analysts" } })).status).toBe(422);
    expect((await rename(a, "ANALYSTS")).status).toBe(200);
    expect(await named("analysts")).toBe(1);
  });

  it("gives a name back on rename and on delete", async () => {
    const id = await createRole("Before");
    expect((await rename(id, "After")).status).toBe(200);
    const reuse = await createRole("Before");
    expect((await s.call("DELETE", `${ROLES}${reuse}`, { token: admin })).status).toBe(200);
    expect((await s.call("DELETE", `${ROLES}${id}`, { token: admin })).status).toBe(200);
    await createRole("After");
  });

  it("treats prototype property names as ordinary names: renamable and deletable", async () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      const id = await createRole(name);
      const renamed = await rename(id, `${name}_2`);
      expect(renamed.status, name).toBe(200);
      expect((await json(renamed)).result.name).toBe(`${name}_2`);
      expect((await s.call("DELETE", `${ROLES}${id}`, { token: admin })).status, name).toBe(200);
    }
  });

  it("gives one of four racing creates the name", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => s.call("POST", ROLES, { token: admin, body: { name: "racer" } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422]);
    expect(await named("racer")).toBe(1);
  });

  it("gives one of four racing renames the name", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((i) => createRole(`rename racer ${i}`)));
    const results = await Promise.all(ids.map((id) => rename(id, "Renamed Racer")));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    expect(await named("renamed racer")).toBe(1);
  });

  it("keeps the built-in roles built in", async () => {
    for (const name of ["Admin", "Alpha", "Gamma", "sql_lab", "Public"]) {
      const id = await roleId(name);
      expect((await rename(id, `${name} renamed`)).status, name).toBe(400);
      const del = await s.call("DELETE", `${ROLES}${id}`, { token: admin });
      expect(del.status, name).toBe(400);
      expect((await json(del)).message).toBe("Built-in roles cannot be deleted");
    }
  });

  it("lets a custom role that took a built-in's name before names were unique be renamed or deleted", async () => {
    // Written straight to the store, as the old rename did: a second "Gamma", holding no claim.
    const meta = s.runtime.core.deps.meta;
    const builtinGamma = await roleId("Gamma");
    const first = await meta.create("role", { name: "Gamma", permissions: [] }, null);
    const second = await meta.create("role", { name: "Gamma", permissions: [] }, null);
    expect(await named("gamma")).toBe(3);
    const renamed = await rename(first.id, "Gamma (custom)");
    expect(renamed.status).toBe(200);
    expect((await s.call("DELETE", `${ROLES}${second.id}`, { token: admin })).status).toBe(200);
    expect((await roles()).filter((r) => r.name === "Gamma").map((r) => r.id)).toEqual([builtinGamma]);
    expect((await s.call("DELETE", `${ROLES}${builtinGamma}`, { token: admin })).status).toBe(400);
  });
});

describe("bulk deletes check every id first", () => {
  it("deletes no role when one of them is built in", async () => {
    const custom = await createRole("Bulk victim");
    const gamma = await roleId("Gamma");
    const res = await s.call("DELETE", `${ROLES}?q=${q([custom, gamma])}`, { token: admin });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("Built-in roles cannot be deleted");
    expect((await s.call("GET", `${ROLES}${custom}`, { token: admin })).status).toBe(200);
    // A repeated id counts once.
    const ok = await s.call("DELETE", `${ROLES}?q=${q([custom, custom])}`, { token: admin });
    expect(ok.status).toBe(200);
    expect((await json(ok)).message).toBe("Deleted 1 role");
    expect((await s.call("GET", `${ROLES}${custom}`, { token: admin })).status).toBe(404);
  });

  it("deletes no role when one of them does not exist", async () => {
    const custom = await createRole("Bulk survivor");
    const res = await s.call("DELETE", `${ROLES}?q=${q([custom, 999_999])}`, { token: admin });
    expect(res.status).toBe(404);
    expect((await s.call("GET", `${ROLES}${custom}`, { token: admin })).status).toBe(200);
  });

  it("deletes no user when the caller is among them", async () => {
    await userWithRoles(s, admin, "bulk_victim", ["Gamma"]);
    const users = await json(
      await s.call("GET", `${USERS}?q=(filters:!((col:username,opr:eq,value:bulk_victim)))`, {
        token: admin,
      }),
    );
    const victim = users.ids[0] as number;
    const res = await s.call("DELETE", `${USERS}?q=${q([victim, adminId])}`, { token: admin });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("You cannot delete yourself");
    expect((await s.call("GET", `${USERS}${victim}`, { token: admin })).status).toBe(200);
    const ok = await s.call("DELETE", `${USERS}?q=${q([victim, victim])}`, { token: admin });
    expect(ok.status).toBe(200);
    expect((await json(ok)).message).toBe("Deleted 1 user");
    expect((await s.call("GET", `${USERS}${victim}`, { token: admin })).status).toBe(404);
  });

  it("asks for at least one id", async () => {
    expect((await s.call("DELETE", `${ROLES}?q=${q([])}`, { token: admin })).status).toBe(400);
    expect((await s.call("DELETE", `${USERS}?q=${q([])}`, { token: admin })).status).toBe(400);
  });
});
