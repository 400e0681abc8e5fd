import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

describe("example dashboard", () => {
  it("is created on first start with a layout whose every chart returns data", async () => {
    const dash = await json(await s.call("GET", "/api/v1/dashboard/births", { token: admin }));
    expect(dash.result).toMatchObject({ dashboard_title: "Births", published: true });
    const position = JSON.parse(dash.result.position_json);
    const chartIds = Object.values(position)
      .filter((c: any) => c?.type === "CHART")
      .map((c: any) => c.meta.chartId);
    const charts = await json(await s.call("GET", `/api/v1/dashboard/${dash.id}/charts`, { token: admin }));
    expect(charts.result.map((c: Json) => c.id).sort()).toEqual([...chartIds].sort());
    for (const id of chartIds) {
      const res = await s.call("GET", `/api/v1/chart/${id}/data/`, { token: admin });
      expect(res.status, `chart ${id}`).toBe(200);
      expect((await json(res)).result[0].rowcount, `chart ${id}`).toBeGreaterThan(0);
    }
  });

  it("is not created twice", async () => {
    const { registerExampleDashboards } = await import("@strata/core");
    await registerExampleDashboards(s.runtime.core, () => {});
    const list = await json(
      await s.call("GET", "/api/v1/dashboard/?q=(filters:!((col:slug,opr:eq,value:births)))", {
        token: admin,
      }),
    );
    expect(list.count).toBe(1);
  });
});
