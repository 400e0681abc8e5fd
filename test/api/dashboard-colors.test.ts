import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let dashboardId = 0;

beforeAll(async () => {
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const res = await s.call("POST", "/api/v1/dashboard/", {
    token: admin,
    body: { dashboard_title: "Colours", published: true, json_metadata: '{"cross_filters_enabled":true}' },
  });
  dashboardId = ((await res.json()) as Json).id;
});
afterAll(() => s.close());

const put = (token: string, body: unknown) =>
  s.call("PUT", `/api/v1/dashboard/${dashboardId}/colors?mark_updated=false`, { token, body });

describe("PUT /api/v1/dashboard/{id}/colors", () => {
  it("lets an owner store the shared label colours, keeping the rest of json_metadata", async () => {
    const res = await put(admin, {
      color_scheme: "supersetColors",
      map_label_colors: { boy: "#1FA8C9", girl: "#454E7C" },
      shared_label_colors: ["boy", "girl"],
      label_colors: { girl: "#ff0000" },
    });
    expect(res.status).toBe(200);
    const read = (await (
      await s.call("GET", `/api/v1/dashboard/${dashboardId}`, { token: admin })
    ).json()) as Json;
    expect(JSON.parse(read.result.json_metadata)).toEqual({
      cross_filters_enabled: true,
      color_scheme: "supersetColors",
      map_label_colors: { boy: "#1FA8C9", girl: "#454E7C" },
      shared_label_colors: ["boy", "girl"],
      label_colors: { girl: "#ff0000" },
    });
  });

  it("refuses other users with 403 and bad bodies with 400", async () => {
    const alpha = await userWithRoles(s, admin, "colors_alpha", ["Alpha"]);
    const other = await put(alpha, { map_label_colors: { boy: "#000000" } });
    expect(other.status).toBe(403);
    expect(((await other.json()) as Json).message).toBe("You do not have permission to edit this dashboard");
    for (const body of [
      { map_label_colors: "red" },
      { label_colors: { boy: 1 } },
      { shared_label_colors: [1] },
      { unknown_field: true },
    ]) {
      const res = await put(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await res.json()) as Json).message).not.toBe("undefined");
    }
    expect((await s.call("PUT", `/api/v1/dashboard/${dashboardId}/colors`, { body: {} })).status).toBe(401);
  });

  it("leaves changed_on and changed_by alone with mark_updated=false, and marks the dashboard edited without it", async () => {
    // A co-owner syncs the colours, so a changed_by that moved would show their name.
    const coOwner = await userWithRoles(s, admin, "colors_coowner", ["Alpha"]);
    const me = (await (await s.call("GET", "/api/v1/me/", { token: coOwner })).json()) as Json;
    const adminMe = (await (await s.call("GET", "/api/v1/me/", { token: admin })).json()) as Json;
    const owned = await s.call("PUT", `/api/v1/dashboard/${dashboardId}`, {
      token: admin,
      body: { owners: [adminMe.result.id, me.result.id] },
    });
    expect(owned.status).toBe(200);
    const read = async () =>
      ((await (await s.call("GET", `/api/v1/dashboard/${dashboardId}`, { token: admin })).json()) as Json)
        .result;
    const before = await read();
    await new Promise((r) => setTimeout(r, 20));

    const quiet = await put(coOwner, { label_colors: { boy: "#00ff00" } });
    expect(quiet.status).toBe(200);
    const afterQuiet = await read();
    expect(JSON.parse(afterQuiet.json_metadata).label_colors).toEqual({ boy: "#00ff00" });
    expect(afterQuiet.changed_on).toBe(before.changed_on);
    expect(afterQuiet.changed_by).toEqual(before.changed_by);
    // The reply's last_modified_time is the unchanged one, so a later save based on it is not refused.
    expect(((await quiet.json()) as Json).last_modified_time).toBe(Date.parse(before.changed_on) / 1000);

    await new Promise((r) => setTimeout(r, 20));
    const marked = await s.call("PUT", `/api/v1/dashboard/${dashboardId}/colors`, {
      token: coOwner,
      body: { label_colors: { boy: "#0000ff" } },
    });
    expect(marked.status).toBe(200);
    const afterMarked = await read();
    expect(afterMarked.changed_on).not.toBe(before.changed_on);
    expect(afterMarked.changed_by.id).toBe(me.result.id);
  });

  it("lands a save made while the page syncs its colours, but still refuses one over a real edit", async () => {
    const { meta } = s.runtime.core.deps;
    const read = async () =>
      ((await (await s.call("GET", `/api/v1/dashboard/${dashboardId}`, { token: admin })).json()) as Json)
        .result;
    // Between the save's read of the dashboard and its write, another request writes it first.
    const writeFirst = (during: () => Promise<Response>) => {
      const update = meta.update;
      let raced = false;
      meta.update = (async (...args: Parameters<typeof update>) => {
        const [type, current, changes] = args;
        if (type === "dashboard" && current.id === dashboardId && "dashboard_title" in changes && !raced) {
          raced = true;
          expect((await during()).status).toBe(200);
        }
        return update.apply(meta, args);
      }) as typeof update;
      return () => {
        meta.update = update;
      };
    };

    // The colour sync does not mark the dashboard edited: the save is made on top of it.
    let restore = writeFirst(() => put(admin, { label_colors: { girl: "#123456" } }));
    try {
      const saved = await s.call("PUT", `/api/v1/dashboard/${dashboardId}`, {
        token: admin,
        body: { dashboard_title: "Saved during a colour sync" },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
    } finally {
      restore();
    }
    const after = await read();
    expect(after.dashboard_title).toBe("Saved during a colour sync");
    expect(JSON.parse(after.json_metadata).label_colors).toEqual({ girl: "#123456" });

    // An edit (here a title change) between the read and the write is another user's work: refused.
    await new Promise((r) => setTimeout(r, 20));
    restore = writeFirst(() =>
      s.call("PUT", `/api/v1/dashboard/${dashboardId}`, {
        token: admin,
        body: { css: ".x { color: red; }" },
      }),
    );
    try {
      const stale = await s.call("PUT", `/api/v1/dashboard/${dashboardId}`, {
        token: admin,
        body: { dashboard_title: "Over someone's edit" },
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as Json).message).toMatch(/changed by someone else since you loaded it/);
    } finally {
      restore();
    }
    expect((await read()).dashboard_title).toBe("Saved during a colour sync");
  });
});
