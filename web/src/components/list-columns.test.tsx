import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../lib/i18n";
import { renderWithRouter } from "../test/render";
import { lastModifiedColumn, ownersColumn } from "./list-columns";

type Row = { changed_on_delta_humanized?: string; changed_by_name?: string | null };

afterEach(async () => {
  await activateLocale("en");
});

/** The shared list columns read in the UI language: headers, and the server's English "3 days ago". */
describe("shared list columns", () => {
  it("speak English by default", () => {
    const column = lastModifiedColumn<Row>();
    expect(column.header).toBe("Last modified");
    expect(ownersColumn().header).toBe("Owners");
    renderWithRouter(column.render?.({ changed_on_delta_humanized: "3 days ago" }) as ReactNode);
    expect(screen.getByText("3 days ago")).toBeDefined();
  });

  it("speak French once French is active, the modification time too", async () => {
    await activateLocale("fr");
    const column = lastModifiedColumn<Row>();
    expect(column.header).toBe("Dernière modification");
    expect(ownersColumn().header).toBe("Propriétaires");
    renderWithRouter(column.render?.({ changed_on_delta_humanized: "3 days ago" }) as ReactNode);
    expect(screen.getByText("il y a 3 jours")).toBeDefined();
  });
});
