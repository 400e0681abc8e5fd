import { describe, expect, it } from "vitest";
import { canAccessDataset } from "./data-access.ts";
import type { Principal } from "./principal.ts";

const withPairs = (...pairs: [string, string][]): Principal => ({
  user: null,
  roles: [],
  isAdmin: false,
  perms: new Set(pairs.map(([perm, view]) => `${perm}|${view}`)),
});

const db = { id: 1, database_name: "warehouse" };
const inCatalog = { id: 7, table_name: "orders", schema: "sales", catalog: "prod" };
const noCatalog = { id: 8, table_name: "returns", schema: "sales", catalog: null };

describe("schema_access", () => {
  it("names a dataset in a catalog with it, as Superset does since catalogs came", () => {
    const p = withPairs(["schema_access", "[warehouse].[prod].[sales]"]);
    expect(canAccessDataset(p, inCatalog, db)).toBe(true);
    expect(canAccessDataset(p, { ...inCatalog, catalog: "staging" }, db)).toBe(false);
    expect(canAccessDataset(p, noCatalog, db)).toBe(false);
  });

  it("still honours the name without a catalog, from roles made before", () => {
    const p = withPairs(["schema_access", "[warehouse].[sales]"]);
    expect(canAccessDataset(p, inCatalog, db)).toBe(true);
    expect(canAccessDataset(p, noCatalog, db)).toBe(true);
    expect(canAccessDataset(p, { ...noCatalog, schema: "hr" }, db)).toBe(false);
    expect(canAccessDataset(p, inCatalog, { id: 2, database_name: "other" })).toBe(false);
  });
});
