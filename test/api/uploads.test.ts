import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;
let examplesId: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

function form(fields: Record<string, string>, file?: { name: string; content: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("file", new File([file.content], file.name, { type: "text/csv" }));
  return f;
}
const upload = (token: string, f: FormData, id = examplesId) =>
  Promise.resolve(
    s.app.request(`/api/v1/database/${id}/upload/`, {
      method: "POST",
      body: f,
      headers: { authorization: `Bearer ${token}` },
    }),
  );

beforeAll(async () => {
  s = await startTestServer({ examples: ["energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  examplesId = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("file upload", () => {
  const csv = { name: "people.csv", content: "name,age,joined\nann,31,2024-01-02\nbob,45,2023-05-06\n" };

  it("loads a CSV into a table that a dataset can then use", async () => {
    const res = await upload(admin, form({ type: "csv", table_name: "people", schema: "main" }, csv));
    expect(res.status).toBe(201);
    expect((await json(res)).result.rowcount).toBe(2);
    const ds = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: examplesId, schema: "main", table_name: "people" },
    });
    expect(ds.status).toBe(201);
    const samples = await json(
      await s.call("POST", `/datasource/samples?datasource_type=table&datasource_id=${(await json(ds)).id}`, {
        token: admin,
        body: {},
      }),
    );
    expect(samples.result.data).toEqual([
      expect.objectContaining({ name: "ann", age: 31 }),
      expect.objectContaining({ name: "bob", age: 45 }),
    ]);
  });

  it("refuses an existing table unless replace or append is asked", async () => {
    expect(
      (await upload(admin, form({ type: "csv", table_name: "people" }, csv))).status,
    ).toBeGreaterThanOrEqual(400);
    // Appending changes existing data: that is DML, so the database must allow it.
    const noDml = await upload(
      admin,
      form({ type: "csv", table_name: "people", already_exists: "append" }, csv),
    );
    expect(noDml.status).toBe(422);
    expect((await json(noDml)).message).toMatch(/does not allow DML/);
    await s.call("PUT", `/api/v1/database/${examplesId}`, { token: admin, body: { allow_dml: true } });
    const appended = await upload(
      admin,
      form({ type: "csv", table_name: "people", already_exists: "append" }, csv),
    );
    expect(appended.status).toBe(201);
  });

  it("checks the extension, the table name and the permission", async () => {
    expect((await upload(admin, form({ type: "columnar", table_name: "x" }, csv))).status).toBe(422);
    expect((await upload(admin, form({ type: "csv", table_name: "x; drop" }, csv))).status).toBe(422);
    expect((await upload(admin, form({ type: "csv", table_name: "x" }))).status).toBe(400);
    const gamma = await userWithRoles(s, admin, "upgamma", ["Gamma"]);
    expect((await upload(gamma, form({ type: "csv", table_name: "x" }, csv))).status).toBe(403);
  });

  it("replace/append into an existing table needs data access and DML, not only can_upload", async () => {
    // An Alpha may upload (can_upload) but has no access to the examples database's data here.
    const roles = (
      await json(await s.call("GET", "/api/v1/security/roles/?q=(page_size:100)", { token: admin }))
    ).result as Json[];
    const perms = (
      await json(
        await s.call("GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)", { token: admin }),
      )
    ).result as Json[];
    const role = await json(
      await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name: "uploader" } }),
    );
    await s.call("POST", `/api/v1/security/roles/${role.id}/permissions`, {
      token: admin,
      body: {
        permission_view_menu_ids: perms
          .filter((p) => p.permission.name === "can_upload" && p.view_menu.name === "Database")
          .map((p) => p.id),
      },
    });
    expect(roles.length).toBeGreaterThan(0);
    const uploader = await userWithRoles(s, admin, "uploader1", ["uploader"]);
    await s.call("PUT", `/api/v1/database/${examplesId}`, { token: admin, body: { allow_dml: true } });
    for (const mode of ["replace", "append"]) {
      const res = await upload(
        uploader,
        form({ type: "csv", table_name: "people", already_exists: mode }, csv),
      );
      expect([403, 404]).toContain(res.status);
    }
    // The table is untouched: still the admin's rows.
    const before = await upload(
      admin,
      form({ type: "csv", table_name: "people_check", already_exists: "fail" }, csv),
    );
    expect(before.status).toBe(201);
    // With DML off, even the admin can't replace an existing table; `fail` into a new table still works.
    await s.call("PUT", `/api/v1/database/${examplesId}`, { token: admin, body: { allow_dml: false } });
    const replace = await upload(
      admin,
      form({ type: "csv", table_name: "people", already_exists: "replace" }, csv),
    );
    expect(replace.status).toBe(422);
    const fresh = await upload(
      admin,
      form({ type: "csv", table_name: "brand_new", already_exists: "replace" }, csv),
    );
    expect(fresh.status).toBe(201);
  });
});
