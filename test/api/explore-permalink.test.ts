import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/** Issue 10 item 5: `/superset/explore/p/{key}/` opens through `GET /api/v1/explore/?permalink_key=`. */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("explore permalinks", () => {
  it("opens a permalink as Explore's state: its form data, URL parameters and chart", async () => {
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "Genders",
          viz_type: "pie",
          datasource_id: birth,
          datasource_type: "table",
          params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }),
        },
      }),
    );
    const formData = {
      datasource: `${birth}__table`,
      viz_type: "pie",
      metric: "count",
      groupby: ["state"],
      row_limit: 7,
      slice_id: chart.id,
    };
    const link = await json(
      await s.call("POST", "/api/v1/explore/permalink", {
        token: admin,
        body: { formData, urlParams: [["slice_id", String(chart.id)]] },
      }),
    );
    expect(link.url).toBe(`http://localhost/superset/explore/p/${link.key}/`);

    const opened = await s.call("GET", `/api/v1/explore/?permalink_key=${link.key}`, { token: admin });
    expect(opened.status).toBe(200);
    const { result } = await json(opened);
    // The permalink's controls, not the saved chart's.
    expect(result.form_data).toMatchObject({ ...formData, url_params: { slice_id: String(chart.id) } });
    expect(result.slice).toMatchObject({ slice_id: chart.id, slice_name: "Genders" });
    expect(result.dataset.id).toBe(birth);

    // A permalink without a chart opens on its dataset.
    const bare = await json(
      await s.call("POST", "/api/v1/explore/permalink", {
        token: admin,
        body: { formData: { datasource: `${birth}__table`, viz_type: "table", row_limit: 3 } },
      }),
    );
    const fresh = (
      await json(await s.call("GET", `/api/v1/explore/?permalink_key=${bare.key}`, { token: admin }))
    ).result;
    expect(fresh.slice).toBeNull();
    expect(fresh.form_data).toMatchObject({ viz_type: "table", row_limit: 3, datasource: `${birth}__table` });
  });

  it("answers 404 for unknown keys and for readers of other datasets", async () => {
    const link = await json(
      await s.call("POST", "/api/v1/explore/permalink", {
        token: admin,
        body: { formData: { datasource: `${birth}__table`, viz_type: "pie" } },
      }),
    );
    expect((await s.call("GET", "/api/v1/explore/?permalink_key=nope", { token: admin })).status).toBe(404);
    expect((await s.call("GET", "/api/v1/explore/?permalink_key=%2F..%2F", { token: admin })).status).toBe(
      404,
    );
    const alpha = await userWithRoles(s, admin, "permalinkalpha", ["Alpha"]);
    expect((await s.call("GET", `/api/v1/explore/?permalink_key=${link.key}`, { token: alpha })).status).toBe(
      200,
    );
    const gamma = await userWithRoles(s, admin, "permalinkgamma", ["Gamma"]);
    const denied = await s.call("GET", `/api/v1/explore/?permalink_key=${link.key}`, { token: gamma });
    expect([403, 404]).toContain(denied.status);
    expect(typeof (await json(denied)).message).toBe("string");
  });
});
