import type { PermissionPair } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { can, principalOf } from "./principal.ts";
import type { RoleEntity } from "./types.ts";

const role = (id: number, name: string, permissions: PermissionPair[]) =>
  ({ id, name, permissions }) as unknown as RoleEntity;
const frozen = (r: RoleEntity) => {
  for (const pair of r.permissions) Object.freeze(pair);
  Object.freeze(r.permissions);
  return Object.freeze(r);
};

describe("principalOf", () => {
  it("unites the roles' permission pairs", () => {
    const p = principalOf(null, [
      role(1, "Gamma", [["can_read", "Chart"]]),
      role(2, "sql_lab", [["can_execute_sql_query", "SQLLab"]]),
    ]);
    expect(can(p, "can_read", "Chart")).toBe(true);
    expect(can(p, "can_execute_sql_query", "SQLLab")).toBe(true);
    expect(can(p, "can_write", "Chart")).toBe(false);
    expect(p.isAdmin).toBe(false);
    expect(principalOf(null, [role(3, "ADMIN", [])]).isAdmin).toBe(true);
  });

  it("shares one permission set between callers holding the same frozen roles", () => {
    const gamma = frozen(role(1, "Gamma", [["can_read", "Chart"]]));
    const sqlLab = frozen(role(2, "sql_lab", [["can_execute_sql_query", "SQLLab"]]));
    const a = principalOf(null, [gamma, sqlLab]);
    expect(principalOf(null, [gamma, sqlLab]).perms).toBe(a.perms);
    // Another combination of the same objects is its own set.
    expect(principalOf(null, [gamma]).perms).not.toBe(a.perms);
    expect(can(principalOf(null, [gamma]), "can_execute_sql_query", "SQLLab")).toBe(false);
  });

  it("sees a role write at once: the cache hands out a new object, which gets its own set", () => {
    const before = frozen(role(1, "Gamma", [["can_read", "Chart"]]));
    const other = frozen(role(2, "sql_lab", []));
    expect(can(principalOf(null, [other, before]), "can_write", "Chart")).toBe(false);
    const after = frozen(
      role(1, "Gamma", [
        ["can_read", "Chart"],
        ["can_write", "Chart"],
      ]),
    );
    expect(can(principalOf(null, [other, after]), "can_write", "Chart")).toBe(true);
    expect(can(principalOf(null, [other, before]), "can_write", "Chart")).toBe(false);
  });

  it("never remembers roles that are not frozen, so a changed role is read again", () => {
    const gamma = role(1, "Gamma", [["can_read", "Chart"]]);
    expect(can(principalOf(null, [gamma]), "can_write", "Chart")).toBe(false);
    gamma.permissions.push(["can_write", "Chart"]);
    expect(can(principalOf(null, [gamma]), "can_write", "Chart")).toBe(true);
  });
});
