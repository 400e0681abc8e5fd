import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Superset's clients send some fields as JSON text inside the body (a dashboard's json_metadata
 * and position_json, a chart's params, SQL Lab's templateParams, an event batch). That text is
 * held to the body's own rules when it arrives: once stored, text nested thousands of levels deep
 * broke every later read, export and copy of the object with a stack overflow.
 */
let s: TestServer;
let admin: string;
type Json = Record<string, any>;

/** JSON text nested `levels` deep: far past any real payload (the limit is 64). */
const deep = (levels: number) => `{"deep":${"[".repeat(levels)}${"]".repeat(levels)}}`;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

async function refused(
  method: string,
  path: string,
  o: { body?: unknown; raw?: string; headers?: Record<string, string> },
) {
  const res = await s.call(method, path, { token: admin, ...o });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(String(body.message)).toMatch(/nested too deeply/);
  return body;
}

describe("JSON text inside request fields", () => {
  it("is refused when nested too deeply, naming the field, in JSON bodies", async () => {
    const text = deep(20_000);
    const created = await refused("POST", "/api/v1/dashboard/", {
      body: { dashboard_title: "Deep", json_metadata: text },
    });
    expect(created.message).toContain("json_metadata");
    const ok = await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Fine", json_metadata: JSON.stringify({ color_scheme: "supersetColors" }) },
    });
    expect(ok.status).toBe(201);
    const id = ((await ok.json()) as Json).id;
    await refused("PUT", `/api/v1/dashboard/${id}`, { body: { position_json: text } });
    await refused("POST", "/api/v1/chart/", {
      body: {
        slice_name: "Deep",
        viz_type: "table",
        datasource_id: 1,
        datasource_type: "table",
        params: text,
      },
    });
    await refused("POST", "/api/v1/sqllab/execute/", {
      body: { database_id: 1, sql: "SELECT 1", templateParams: text },
    });
    await refused("POST", "/superset/log/?explode=events", { body: { events: `[${text}]` } });
    // The dashboard that was refused a deep layout still reads, exports and copies.
    expect((await s.call("GET", `/api/v1/dashboard/${id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/dashboard/export/?q=!(${id})`, { token: admin })).status).toBe(200);
  });

  it("is refused in form fields and the query string too", async () => {
    const form = (fields: Record<string, string>) => ({
      raw: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await refused("POST", "/superset/log/?explode=events", form({ events: `[${deep(100)}]` }));
    await refused("POST", "/superset/explore_json/", form({ form_data: deep(100) }));
    await refused("GET", `/superset/explore_json/?form_data=${encodeURIComponent(deep(100))}`, {});
    await refused("POST", "/tabstateview/", form({ queryEditor: deep(100) }));
  });

  it("leaves text that merely looks like JSON alone", async () => {
    // Markdown and SQL may start with a bracket without being JSON.
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: 1, sql: "[not json] SELECT 1" },
    });
    expect(res.status).not.toBe(500);
    expect(String(((await res.json()) as Json).message ?? "")).not.toMatch(/nested too deeply/);
  });
});
