import { describe, expect, it } from "vitest";
import { defaultDatabaseId } from "./default-database";

const db = (id: number, database_name: string) => ({ id, database_name });

describe("defaultDatabaseId", () => {
  it("is the only database the user has, whatever its name", () => {
    expect(defaultDatabaseId([db(7, "warehouse")])).toBe(7);
  });

  it("is the examples database among several", () => {
    expect(defaultDatabaseId([db(2, "analytics"), db(5, "Examples"), db(9, "zeta")])).toBe(5);
  });

  it("is the configured default when the user can use it", () => {
    expect(defaultDatabaseId([db(2, "analytics"), db(5, "examples")], 2)).toBe(2);
    expect(defaultDatabaseId([db(2, "analytics"), db(5, "examples")], 42)).toBe(5);
  });

  it("leaves the choice to the user when nothing stands out", () => {
    expect(defaultDatabaseId([db(2, "analytics"), db(3, "sales")])).toBeNull();
    expect(defaultDatabaseId([])).toBeNull();
    expect(defaultDatabaseId(undefined)).toBeNull();
  });
});
