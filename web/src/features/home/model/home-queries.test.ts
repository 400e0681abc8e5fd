import { describe, expect, it } from "vitest";
import { EDITED_SHOWN, newestFirst, panelQuery, type RecentEntry, recentsQuery } from "./home-queries";

const entry = (key: string, at: number): RecentEntry => ({
  key,
  kind: "chart",
  title: key,
  url: `/${key}`,
  when: "",
  at,
});

describe("home list queries", () => {
  it("asks 5 items, newest change first, with Superset's filters per tab (001 §7)", () => {
    const base = {
      order_column: "changed_on_delta_humanized",
      order_direction: "desc",
      page: 0,
      page_size: 5,
    };
    expect(panelQuery("chart", "All", 7)).toEqual(base);
    expect(panelQuery("dashboard", "Favorite", 7)).toEqual({
      ...base,
      filters: [{ col: "id", opr: "dashboard_is_favorite", value: true }],
    });
    expect(panelQuery("chart", "Mine", 7).filters).toEqual([{ col: "owners", opr: "rel_m_m", value: 7 }]);
    expect(panelQuery("saved_query", "Mine", 7).filters).toEqual([
      { col: "created_by", opr: "rel_o_m", value: 7 },
    ]);
    expect(recentsQuery("Edited", 7).filters).toEqual([{ col: "changed_by", opr: "rel_o_m", value: 7 }]);
    expect(recentsQuery("Created", 7).filters).toEqual([{ col: "created_by", opr: "rel_o_m", value: 7 }]);
  });

  it("merges several resources newest first and keeps the top ones", () => {
    const merged = newestFirst(
      [
        [entry("a", 1), entry("b", 5)],
        [entry("c", 3), entry("d", 4)],
      ],
      EDITED_SHOWN,
    );
    expect(merged.map((e) => e.key)).toEqual(["b", "d", "c"]);
  });
});
