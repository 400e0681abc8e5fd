import { describe, expect, it } from "vitest";
import { startMemoryCore } from "../testing/memory-core.ts";

/** Who may rename a shared tag, checked on the domain over in-memory stores. */
describe("tag ownership on rename over in-memory stores", () => {
  it("lets the tag's creator and an admin rename it, and refuses anyone else with a 403", async () => {
    const mc = await startMemoryCore();
    const { core, admin } = mc;
    const owner = await mc.userWithRoles("tag_owner", ["Gamma"]);
    const other = await mc.userWithRoles("tag_other", ["Gamma"]);
    const tag = await core.tags.create(owner, { name: "finance" });

    await expect(core.tags.update(other, tag.id, { name: "not-yours" })).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/Only the owner of tag "finance"/),
    });
    expect((await core.tags.get(admin, tag.id)).name).toBe("finance");

    const renamed = await core.tags.update(owner, tag.id, { name: "finance-2030" });
    expect(renamed.name).toBe("finance-2030");
    expect((await core.tags.update(admin, tag.id, { name: "fin" })).name).toBe("fin");
    // The old names are free again: another user may now create a tag under one.
    expect((await core.tags.create(other, { name: "finance" })).created_by_fk).toBe(other.user!.id);
  });

  it("refuses a rename to a name another tag holds with a 422", async () => {
    const { core, admin } = await startMemoryCore();
    await core.tags.create(admin, { name: "taken" });
    const mine = await core.tags.create(admin, { name: "mine" });
    await expect(core.tags.update(admin, mine.id, { name: " taken " })).rejects.toMatchObject({
      status: 422,
    });
  });
});
