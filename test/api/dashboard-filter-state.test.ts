import { FILTER_STATE_MAX_BYTES } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboard, replyOf } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * `/api/v1/dashboard/{id_or_slug}/filter_state[/{key}]` (Superset's dashboard filter state, what
 * `?native_filters_key=` names) through the real server and store.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let alice: string;
let bob: string;
let births: number;
let draft: number;

const state = (values: string[]) =>
  JSON.stringify({
    "NATIVE_FILTER-state": {
      id: "NATIVE_FILTER-state",
      extraFormData: { filters: [{ col: "state", op: "IN", val: values }] },
      filterState: { value: values, label: values.join(", ") },
    },
  });

const call = async (token: string | undefined, method: string, path: string, body?: unknown) => {
  const res = await s.call(method, path, { token, body });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  alice = await userWithRoles(s, admin, "fs_alice", ["Gamma"]);
  bob = await userWithRoles(s, admin, "fs_bob", ["Gamma"]);
  births = (await replyOf(await s.call("GET", "/api/v1/dashboard/births", { token: admin }), "births")).id;
  // A draft only its owner (the admin) sees.
  draft = await createDashboard(s, admin, "Filter state draft", { published: false });
});
afterAll(() => s?.close());

describe("dashboard filter state", () => {
  it("is created, read (by id or slug), updated and deleted by its owner", async () => {
    const created = await call(alice, "POST", `/api/v1/dashboard/${births}/filter_state`, {
      value: state(["TX"]),
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await call(alice, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).toEqual({
      status: 200,
      body: { value: state(["TX"]) },
    });
    expect((await call(alice, "GET", `/api/v1/dashboard/births/filter_state/${key}`)).body.value).toBe(
      state(["TX"]),
    );

    // Superset's `tab_id` is accepted; the key stays the same.
    const updated = await call(alice, "PUT", `/api/v1/dashboard/births/filter_state/${key}?tab_id=3`, {
      value: state(["CA", "NY"]),
    });
    expect(updated).toEqual({ status: 200, body: { key, message: "Value updated successfully." } });
    expect((await call(alice, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).body.value).toBe(
      state(["CA", "NY"]),
    );

    expect(await call(alice, "DELETE", `/api/v1/dashboard/${births}/filter_state/${key}`)).toEqual({
      status: 200,
      body: { message: "Deleted successfully" },
    });
    const gone = await call(alice, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`);
    expect(gone).toEqual({
      status: 404,
      body: { message: "The filter state was not found or has expired." },
    });
    expect(
      (await call(alice, "PUT", `/api/v1/dashboard/${births}/filter_state/${key}`, { value: "{}" })).status,
    ).toBe(404);
    expect((await call(alice, "DELETE", `/api/v1/dashboard/${births}/filter_state/${key}`)).status).toBe(404);
  });

  it("another user may read a key of a dashboard they see (as in Superset), never overwrite or delete it", async () => {
    const { key } = (
      await call(alice, "POST", `/api/v1/dashboard/${births}/filter_state`, { value: state(["TX"]) })
    ).body;
    // Superset's GET checks access to the dashboard only, so a URL carrying the key can be shared.
    expect((await call(bob, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).body.value).toBe(
      state(["TX"]),
    );
    const refused = { status: 403, body: { message: "You don't have permission to modify the value." } };
    expect(
      await call(bob, "PUT", `/api/v1/dashboard/${births}/filter_state/${key}`, { value: state(["CA"]) }),
    ).toEqual(refused);
    expect(await call(bob, "DELETE", `/api/v1/dashboard/${births}/filter_state/${key}`)).toEqual(refused);
    expect((await call(alice, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).body.value).toBe(
      state(["TX"]),
    );
    // Not even an admin overwrites a user's key: it is that user's state, not an object to manage.
    expect(
      (await call(admin, "PUT", `/api/v1/dashboard/${births}/filter_state/${key}`, { value: "{}" })).status,
    ).toBe(403);
  });

  it("is tied to its dashboard, and needs access to it", async () => {
    const { key } = (
      await call(admin, "POST", `/api/v1/dashboard/${draft}/filter_state`, { value: state(["TX"]) })
    ).body;
    expect((await call(admin, "GET", `/api/v1/dashboard/${draft}/filter_state/${key}`)).status).toBe(200);
    // The same key under another dashboard names nothing.
    expect((await call(admin, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).status).toBe(404);
    // Users who can't see the draft neither read its keys nor make any (404: its existence is not told).
    const hidden = await call(alice, "GET", `/api/v1/dashboard/${draft}/filter_state/${key}`);
    expect(hidden).toEqual({ status: 404, body: { message: "Dashboard not found." } });
    expect(
      (await call(alice, "POST", `/api/v1/dashboard/${draft}/filter_state`, { value: state([]) })).status,
    ).toBe(404);
    expect(
      (await call(alice, "POST", "/api/v1/dashboard/no-such-dashboard/filter_state", { value: "{}" })).status,
    ).toBe(404);
  });

  it("embedded guests read keys of their dashboard but keep none; anonymous callers keep none", async () => {
    const { key } = (
      await call(alice, "POST", `/api/v1/dashboard/${births}/filter_state`, { value: state(["TX"]) })
    ).body;
    const guest = await guestTokenFor(s, admin, births);
    const read = await callAsGuest(s, guest, "GET", `/api/v1/dashboard/${births}/filter_state/${key}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as Json).value).toBe(state(["TX"]));
    const write = await callAsGuest(s, guest, "POST", `/api/v1/dashboard/${births}/filter_state`, {
      value: state(["CA"]),
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as Json).message).toBe("Embedded dashboards don't keep filter state.");
    const overwrite = await callAsGuest(s, guest, "PUT", `/api/v1/dashboard/${births}/filter_state/${key}`, {
      value: "{}",
    });
    expect(overwrite.status).toBe(403);
    // Another dashboard is outside the token.
    const outside = await callAsGuest(s, guest, "GET", `/api/v1/dashboard/${draft}/filter_state/${key}`);
    expect(outside.status).toBe(404);

    const anonymous = await call(undefined, "POST", `/api/v1/dashboard/${births}/filter_state`, {
      value: "{}",
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBeTruthy();
  });

  it("answers bad input with 4xx in Superset's shape", async () => {
    const path = `/api/v1/dashboard/${births}/filter_state`;
    const raw = async (method: string, url: string, text: string) => {
      const res = await s.call(method, url, {
        token: alice,
        raw: text,
        headers: { "content-type": "application/json" },
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    expect(await raw("POST", path, "{not json")).toEqual({
      status: 400,
      body: { message: "Request is not JSON: the body could not be parsed." },
    });
    expect((await raw("POST", path, "")).status).toBe(400);
    const missing = await call(alice, "POST", path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message.value).toHaveLength(1);
    expect((await call(alice, "POST", path, { value: { a: 1 } })).body.message.value).toHaveLength(1);
    expect((await call(alice, "POST", path, [1, 2])).status).toBe(400);
    expect(await call(alice, "POST", path, { value: "{}", extra: 1 })).toEqual({
      status: 400,
      body: { message: { extra: ["Unknown field."] } },
    });
    expect(await call(alice, "POST", path, { value: "not json" })).toEqual({
      status: 400,
      body: { message: { value: ["value must be JSON text"] } },
    });
    // JSON text in the value is held to the body's own rules (no prototype keys).
    const proto = await call(alice, "POST", path, { value: '{"__proto__":{"x":1}}' });
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/__proto__/);
    // A key that is not one of ours names nothing.
    const odd = await call(alice, "GET", `${path}/not.a.key`);
    expect(odd.status).toBe(404);
    expect(odd.body.message).toBeTruthy();
  });

  it("bounds a value's size in bytes", async () => {
    const path = `/api/v1/dashboard/${births}/filter_state`;
    const fits = JSON.stringify("x".repeat(FILTER_STATE_MAX_BYTES - 2));
    const created = await call(alice, "POST", path, { value: fits });
    expect(created.status).toBe(201);
    expect((await call(bob, "GET", `${path}/${created.body.key}`)).body.value).toBe(fits);

    const tooLong = await call(alice, "POST", path, {
      value: JSON.stringify("x".repeat(FILTER_STATE_MAX_BYTES)),
    });
    expect(tooLong).toEqual({
      status: 400,
      body: { message: { value: [`value must be at most ${FILTER_STATE_MAX_BYTES} bytes`] } },
    });
    // Counted in UTF-8 bytes: fewer characters than the bound, but two bytes each.
    const wide = JSON.stringify("é".repeat(FILTER_STATE_MAX_BYTES / 2));
    expect(wide.length).toBeLessThan(FILTER_STATE_MAX_BYTES);
    expect((await call(alice, "POST", path, { value: wide })).status).toBe(400);
    expect((await call(alice, "PUT", `${path}/${created.body.key}`, { value: wide })).status).toBe(400);
  });
});
