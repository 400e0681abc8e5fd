import { describe, expect, it } from "vitest";
import { startMemoryCore } from "../testing/memory-core.ts";
import { writeZip } from "./bundle-zip.ts";

const U = {
  db: "3c2b1a00-1111-4222-8333-000000000001",
  ds: "3c2b1a00-1111-4222-8333-000000000002",
  chart: "3c2b1a00-1111-4222-8333-000000000003",
};

/** A chart bundle whose chart carries the tags `known` and `brand-new` (or its database and dataset). */
const bundle = (withChart = true) =>
  writeZip(
    [
      ["metadata.yaml", `version: 1.0.0\ntype: ${withChart ? "Slice" : "SqlaTable"}\n`],
      [
        "databases/Warehouse.yaml",
        `database_name: Warehouse\nsqlalchemy_uri: postgresql://me:XXXXXXXXXX@127.0.0.1:1/w\nuuid: ${U.db}\n`,
      ],
      [
        "datasets/Warehouse/orders.yaml",
        `table_name: orders\nschema: public\nuuid: ${U.ds}\ndatabase_uuid: ${U.db}\ncolumns:\n- column_name: amount\n  type: BIGINT\n`,
      ],
      [
        "charts/Orders.yaml",
        `slice_name: Orders\nviz_type: table\nparams: {viz_type: table}\nuuid: ${U.chart}\ndataset_uuid: ${U.ds}\ntags: [known, brand-new]\n`,
      ],
      ["tags.yaml", "tags:\n- tag_name: brand-new\n  description: Fresh\n"],
    ]
      .filter(([n]) => withChart || !n.startsWith("charts/"))
      .map(([n, t]) => [`chart_export/${n}`, t] as [string, string]),
  );

/** Tags on imported objects, checked on the domain over in-memory stores. */
describe("importing tags", () => {
  it("attaches existing tags but skips creating new ones, with a warning, without the right to write tags", async () => {
    const mc = await startMemoryCore();
    const { core, admin } = mc;
    await core.tags.create(admin, { name: "known" });
    // The database and dataset are the admin's; Alpha may add charts on them but not databases.
    await core.assets.import(
      admin,
      "dataset",
      { name: "d.zip", bytes: bundle(false) },
      {
        passwords: { "databases/Warehouse.yaml": "pw" },
        overwrite: false,
        ssh_tunnel_passwords: {},
        ssh_tunnel_private_keys: {},
        ssh_tunnel_private_key_passwords: {},
      },
    );
    const alphaUser = await mc.userWithRoles("tagless_alpha", ["Alpha"]);
    // Alpha without can_write on Tag (the shared permission set itself is never changed).
    const alpha = { ...alphaUser, perms: new Set([...alphaUser.perms].filter((k) => k !== "can_write|Tag")) };

    const { warnings } = await core.assets.import(
      alpha,
      "chart",
      { name: "b.zip", bytes: bundle() },
      {
        passwords: {},
        overwrite: false,
        ssh_tunnel_passwords: {},
        ssh_tunnel_private_keys: {},
        ssh_tunnel_private_key_passwords: {},
      },
    );
    expect(warnings).toContain(
      'The tags "brand-new" were not imported: creating tags needs the permission to write tags.',
    );
    expect((await core.tags.all()).map((t) => t.name)).toEqual(["known"]);
    const chart = (await core.charts.all()).find((c) => c.uuid === U.chart)!;
    expect([...(await core.tags.tagsByObject("chart")).get(chart.id)!]).toEqual([
      (await core.tags.all())[0].id,
    ]);

    // With the right, the new tag is created with its tags.yaml description.
    const again = await core.assets.import(
      admin,
      "chart",
      { name: "b.zip", bytes: bundle() },
      {
        passwords: {},
        overwrite: true,
        ssh_tunnel_passwords: {},
        ssh_tunnel_private_keys: {},
        ssh_tunnel_private_key_passwords: {},
      },
    );
    expect(again.warnings.join("\n")).not.toMatch(/were not imported/);
    const fresh = (await core.tags.all()).find((t) => t.name === "brand-new");
    expect(fresh).toMatchObject({ description: "Fresh", created_by_fk: admin.user?.id ?? null });
    expect((await core.tags.tagsByObject("chart")).get(chart.id)?.sort()).toHaveLength(2);
  });
});
