import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetId } from "../support/dashboard-fixtures.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Audit F5: `GET /api/v1/database/{id}` answers Superset's show columns (apache/superset#24067),
 * never the connection: whoever may read one dataset of a database may read it, while the URI,
 * the parameters (host, user, database, DuckDB file path) and `extra` are
 * `GET /api/v1/database/{id}/connection`'s, which needs can_write on Database.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

/** Superset's DatabaseRestApi.show_columns. */
const SHOW_COLUMNS = [
  "allow_ctas",
  "allow_cvas",
  "allow_dml",
  "allow_file_upload",
  "allow_run_async",
  "backend",
  "cache_timeout",
  "configuration_method",
  "database_name",
  "driver",
  "engine_information",
  "expose_in_sqllab",
  "force_ctas_schema",
  "id",
  "impersonate_user",
  "is_managed_externally",
  "uuid",
];
const EXTRA_MARK = "connect-args-marker-7f3a";

let s: TestServer;
let admin: string;
let reader: string;
let db: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const birth = await datasetId(s, admin, "birth_names");
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
  // Something only the connection carries, to look for in the replies.
  const put = await s.call("PUT", `/api/v1/database/${db}`, {
    token: admin,
    body: { extra: JSON.stringify({ engine_params: { connect_args: { marker: EXTRA_MARK } } }) },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  await createRoleWith(
    s,
    admin,
    "one_dataset",
    (pv) => pv.permission.name === "datasource_access" && pv.view_menu.name.endsWith(`(id:${birth})`),
  );
  reader = await userWithRoles(s, admin, "dataset_reader", ["Gamma", "one_dataset"]);
});
afterAll(() => s.close());

describe("GET /api/v1/database/{id} leaves the connection out", () => {
  it("shows a dataset reader the show columns only, and refuses them the connection", async () => {
    const connection = (
      await json(await s.call("GET", `/api/v1/database/${db}/connection`, { token: admin }))
    ).result;
    expect(connection.parameters.path).toEqual(expect.any(String));

    const res = await s.call("GET", `/api/v1/database/${db}`, { token: reader });
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const body = await json(res);
    expect(body.id).toBe(db);
    expect(Object.keys(body.result).sort()).toEqual(SHOW_COLUMNS);
    expect(body.result).toMatchObject({
      id: db,
      database_name: "examples",
      backend: "duckdb",
      driver: expect.any(String),
      engine_information: { supports_file_upload: expect.any(Boolean) },
    });
    for (const secret of [connection.sqlalchemy_uri, connection.parameters.path, EXTRA_MARK])
      expect(text).not.toContain(secret);

    const refused = await s.call("GET", `/api/v1/database/${db}/connection`, { token: reader });
    expect(refused.status).toBe(403);
    const reply = await json(refused);
    expect(typeof reply.message).toBe("string");
    expect(JSON.stringify(reply)).not.toContain(EXTRA_MARK);
  });

  it("answers an admin the same fields; the connection, the save replies and the form read carry it", async () => {
    const shown = await json(await s.call("GET", `/api/v1/database/${db}`, { token: admin }));
    expect(Object.keys(shown.result).sort()).toEqual(SHOW_COLUMNS);

    const connection = await s.call("GET", `/api/v1/database/${db}/connection`, { token: admin });
    expect(connection.status).toBe(200);
    const detail = (await json(connection)).result;
    expect(detail).toMatchObject({
      id: db,
      sqlalchemy_uri: expect.stringMatching(/^duckdb:/),
      parameters: { path: expect.any(String) },
      extra: expect.stringContaining(EXTRA_MARK),
      allow_multi_catalog: expect.any(Boolean),
      disable_data_preview: expect.any(Boolean),
    });

    const saved = await s.call("PUT", `/api/v1/database/${db}`, {
      token: admin,
      body: { cache_timeout: 30 },
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).result).toMatchObject({ cache_timeout: 30, parameters: detail.parameters });
    expect(
      (await json(await s.call("GET", `/api/v1/database/${db}`, { token: admin }))).result.cache_timeout,
    ).toBe(30);
  });

  it("hides a database from a user with no access to it", async () => {
    const stranger = await userWithRoles(s, admin, "no_datasets", ["Gamma"]);
    // Not there at all to them; the connection is refused before anything is looked up.
    for (const [path, status] of [
      [`/api/v1/database/${db}`, 404],
      [`/api/v1/database/${db}/connection`, 403],
    ] as const) {
      const res = await s.call("GET", path, { token: stranger });
      expect(res.status, path).toBe(status);
      expect(await res.text()).not.toContain(EXTRA_MARK);
    }
  });
});
