import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../../test/render";
import { ChartMenu, type ChartMenuProps } from "./chart-menu";

const props = (): ChartMenuProps => ({
  hasRequest: true,
  isPivot: false,
  isTable: false,
  fullscreen: false,
  drillBy: null,
  canExplore: true,
  canShare: true,
  canCrossFilter: true,
  canEditScoping: false,
  explorePath: "/explore/?slice_id=1",
  onOpenExplore: vi.fn(),
  onDialog: vi.fn(),
  onRefresh: vi.fn(),
  onToggleFullscreen: vi.fn(),
  onExport: vi.fn(),
  onImage: vi.fn(),
  onCopyLink: vi.fn(),
  onEmail: vi.fn(),
});

describe("ChartMenu", () => {
  it("is a lone button until its first click, which opens the menu; its items act", async () => {
    const p = props();
    renderWithRouter(<ChartMenu {...p} />);
    const button = screen.getByRole("button", { name: "More options" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();

    fireEvent.click(button);
    expect(await screen.findByRole("menu")).toBeTruthy();
    const opened = screen.getByRole("button", { name: "More options" });
    expect(opened.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("menuitem", { name: "Force refresh" }));
    expect(p.onRefresh).toHaveBeenCalledTimes(1);
  });
});
