import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoleWith } from "../support/roles.ts";
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
    // Uploading gives the table its dataset (create_dataset is on unless turned off, as in Superset).
    const res = await upload(admin, form({ type: "csv", table_name: "people", schema: "main" }, csv));
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.result.rowcount).toBe(2);
    expect(body.result.dataset_id).toEqual(expect.any(Number));
    const samples = await json(
      await s.call(
        "POST",
        `/datasource/samples?datasource_type=table&datasource_id=${body.result.dataset_id}`,
        {
          token: admin,
          body: {},
        },
      ),
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
    await createRoleWith(s, admin, "uploader", [["can_upload", "Database"]]);
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

const metadata = (token: string, f: FormData) =>
  Promise.resolve(
    s.app.request("/api/v1/database/upload_metadata/", {
      method: "POST",
      body: f,
      headers: { authorization: `Bearer ${token}` },
    }),
  );

describe("upload options, preview and dataset", () => {
  // A title line above the header, `;` between fields, `,` as the decimal mark, NA for missing.
  const euro = {
    name: "sales.csv",
    content:
      "Sales export 2024;;;\nregion;amount;sold_on;note\nnorth;2,5;2024-01-02;NA\nsouth;3,25;2024-02-03;late\n",
  };
  const options = {
    type: "csv",
    delimiter: ";",
    header_row: "1",
    decimal_character: ",",
    null_values: "NA",
    column_dates: "sold_on",
  };

  it("upload_metadata returns the columns (Superset's items) and the first rows as read with the options", async () => {
    const res = await metadata(admin, form(options, euro));
    expect(res.status).toBe(200);
    const [item] = (await json(res)).result.items;
    expect(item.sheet_name).toBeNull();
    expect(item.column_names).toEqual(["region", "amount", "sold_on", "note"]);
    expect(item.column_types).toEqual(["VARCHAR", "DOUBLE", "TIMESTAMP", "VARCHAR"]);
    expect(item.rows).toEqual([
      ["north", 2.5, "2024-01-02T00:00:00", null],
      ["south", 3.25, "2024-02-03T00:00:00", "late"],
    ]);
    // Another delimiter reads another shape: the preview follows the options.
    const comma = (await json(await metadata(admin, form({ type: "csv", delimiter: "," }, euro)))).result
      .items[0];
    expect(comma.column_names).not.toContain("region");
  });

  it("upload_metadata lists every sheet of a workbook", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Q1").addRows([
      ["a", "b"],
      [1, 2],
    ]);
    workbook.addWorksheet("Q2").addRows([["c"], [3]]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const f = new FormData();
    f.set("type", "excel");
    f.set("file", new File([bytes], "book.xlsx"));
    const res = await metadata(admin, f);
    expect(res.status).toBe(200);
    expect((await json(res)).result.items.map((i: Json) => [i.sheet_name, i.column_names])).toEqual([
      ["Q1", ["a", "b"]],
      ["Q2", ["c"]],
    ]);
  });

  it("upload applies the options and creates a dataset ready to explore", async () => {
    const res = await upload(admin, form({ ...options, table_name: "sales" }, euro));
    expect(res.status).toBe(201);
    const { result } = await json(res);
    expect(result.columns).toEqual([
      { name: "region", type: "VARCHAR" },
      { name: "amount", type: "DOUBLE" },
      { name: "sold_on", type: "TIMESTAMP" },
      { name: "note", type: "VARCHAR" },
    ]);
    const dataset = (
      await json(await s.call("GET", `/api/v1/dataset/${result.dataset_id}`, { token: admin }))
    ).result;
    expect(dataset.table_name).toBe("sales");
    expect(dataset.main_dttm_col).toBe("sold_on");
    const data = await json(
      await s.call("POST", "/api/v1/chart/data", {
        token: admin,
        body: {
          datasource: { id: result.dataset_id, type: "table" },
          queries: [
            {
              columns: ["region", "note"],
              metrics: [{ label: "total", expressionType: "SQL", sqlExpression: "SUM(amount)" }],
              orderby: [["region", true]],
            },
          ],
          result_type: "full",
        },
      }),
    );
    expect(data.result[0].data).toEqual([
      { region: "north", note: null, total: 2.5 },
      { region: "south", note: "late", total: 3.25 },
    ]);
    // Appending reuses the table's dataset instead of failing on a duplicate.
    await s.call("PUT", `/api/v1/database/${examplesId}`, { token: admin, body: { allow_dml: true } });
    const again = await json(
      await upload(admin, form({ ...options, table_name: "sales", already_exists: "append" }, euro)),
    );
    expect(again.result.dataset_id).toBe(result.dataset_id);
    await s.call("PUT", `/api/v1/database/${examplesId}`, { token: admin, body: { allow_dml: false } });
  });

  it("create_dataset=false writes the table only; no header row reads numbered columns", async () => {
    const res = await upload(
      admin,
      form(
        { type: "csv", table_name: "bare", create_dataset: "false", header_row: "" },
        { name: "b.csv", content: "1,2\n3,4\n" },
      ),
    );
    expect(res.status).toBe(201);
    const { result } = await json(res);
    expect(result.dataset_id).toBeNull();
    expect(result.rowcount).toBe(2);
    const list = await json(
      await s.call("GET", "/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:bare)))", {
        token: admin,
      }),
    );
    expect(list.count).toBe(0);
  });

  it("bad options, other users and missing files answer 4xx with Superset's error shape", async () => {
    const cases: [FormData, number, RegExp][] = [
      [form({ ...options, column_dates: "nope" }, euro), 400, /nope/],
      [form({ ...options, decimal_character: ";" }, euro), 400, /decimal_character/],
      [form({ ...options, header_row: "-1" }, euro), 400, /header_row/],
      [form({ type: "pdf" }, euro), 400, /type must be/],
      [form({ type: "csv" }), 400, /file/i],
      [form({ type: "columnar" }, euro), 422, /\.parquet/],
    ];
    for (const [f, status, message] of cases) {
      const res = await metadata(admin, f);
      expect(res.status).toBe(status);
      expect(JSON.stringify((await json(res)).message)).toMatch(message);
    }
    const gamma = await userWithRoles(s, admin, "metagamma", ["Gamma"]);
    expect((await metadata(gamma, form(options, euro))).status).toBe(403);
    expect(
      (await upload(admin, form({ ...options, table_name: "x", column_dates: "nope" }, euro))).status,
    ).toBe(400);
  });

  it("an uploader who can't create datasets is told so before anything is written", async () => {
    await createRoleWith(
      s,
      admin,
      "upload_only",
      (p) =>
        ((p.permission.name === "can_upload" || p.permission.name === "can_read") &&
          p.view_menu.name === "Database") ||
        (p.permission.name === "database_access" && p.view_menu.name.startsWith("[examples]")),
    );
    const uploader = await userWithRoles(s, admin, "uploadonly1", ["upload_only"]);
    const refused = await upload(uploader, form({ type: "csv", table_name: "by_uploader" }, csv2));
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/Create dataset/);
    const plain = await upload(
      uploader,
      form({ type: "csv", table_name: "by_uploader", create_dataset: "false" }, csv2),
    );
    expect(plain.status).toBe(201);
  });
});

const csv2 = { name: "u.csv", content: "k,v\na,1\n" };

describe("schemas a database allows uploads into", () => {
  let restricted: number;
  let gamma: string;
  const csv = { name: "kept.csv", content: "k,v\na,1\n" };

  beforeAll(async () => {
    const made = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: {
        database_name: "uploads_only",
        engine: "duckdb",
        parameters: { path: "uploads_only.duckdb" },
        expose_in_sqllab: true,
        allow_dml: true,
        allow_file_upload: true,
        extra: JSON.stringify({ schemas_allowed_for_file_upload: ["landing"] }),
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    restricted = (await json(made)).id;
    const ran = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: restricted, sql: "CREATE SCHEMA landing", client_id: "mkschema1" },
    });
    expect(ran.status, await ran.clone().text()).toBe(200);
    gamma = await userWithRoles(s, admin, "upload_gamma", ["Gamma"]);
  });

  it("lists only the allowed schemas, in both of Superset's ways of asking", async () => {
    const access = await json(
      await s.call("GET", `/api/v1/database/${restricted}/schemas_access_for_file_upload/`, { token: admin }),
    );
    expect(access).toEqual({ schemas: ["landing"] });
    const q = encodeURIComponent("(upload_allowed:!t)");
    const schemas = await json(
      await s.call("GET", `/api/v1/database/${restricted}/schemas/?q=${q}`, { token: admin }),
    );
    expect(schemas.result).toEqual(["landing"]);
    // Without the flag, every schema is listed as before.
    const all = await json(await s.call("GET", `/api/v1/database/${restricted}/schemas/`, { token: admin }));
    expect(all.result).toEqual(expect.arrayContaining(["landing", "main"]));
    // A database that names none takes uploads into any schema.
    const open = await json(
      await s.call("GET", `/api/v1/database/${examplesId}/schemas_access_for_file_upload/`, { token: admin }),
    );
    expect(open.schemas).toContain("main");
  });

  it("refuses an upload into another schema, and writes nothing there", async () => {
    const refused = await upload(
      admin,
      form({ type: "csv", table_name: "kept", schema: "main" }, csv),
      restricted,
    );
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(JSON.stringify(body.message)).toMatch(/landing.*not to .*main/);
    // No schema given means DuckDB's main: refused the same way.
    expect((await upload(admin, form({ type: "csv", table_name: "kept" }, csv), restricted)).status).toBe(
      422,
    );
    const tables = await json(
      await s.call(
        "GET",
        `/api/v1/database/${restricted}/tables/?q=${encodeURIComponent("(schema_name:main)")}`,
        {
          token: admin,
        },
      ),
    );
    expect(tables.result.map((t: Json) => t.value)).not.toContain("kept");
    const ok = await upload(
      admin,
      form({ type: "csv", table_name: "kept", schema: "landing" }, csv),
      restricted,
    );
    expect(ok.status, await ok.clone().text()).toBe(201);
  });

  it("lists nothing where uploads are off, and hides the database from others", async () => {
    await s.call("PUT", `/api/v1/database/${restricted}`, {
      token: admin,
      body: { allow_file_upload: false },
    });
    const off = await json(
      await s.call("GET", `/api/v1/database/${restricted}/schemas_access_for_file_upload/`, { token: admin }),
    );
    expect(off).toEqual({ schemas: [] });
    const hidden = await s.call("GET", `/api/v1/database/${restricted}/schemas_access_for_file_upload/`, {
      token: gamma,
    });
    expect(hidden.status).toBe(404);
    await s.call("PUT", `/api/v1/database/${restricted}`, {
      token: admin,
      body: { allow_file_upload: true },
    });
  });
});
