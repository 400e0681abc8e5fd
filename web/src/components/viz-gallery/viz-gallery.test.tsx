import { MantineProvider } from "@mantine/core";
import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import VizGallery from "./viz-gallery";

// The SPA marks elements with `data-test` (as Superset does).
configure({ testIdAttribute: "data-test" });

const shownKeys = () =>
  within(screen.getByTestId("viz-gallery-thumbnails"))
    .queryAllByRole("button")
    .map((b) => b.getAttribute("data-test")?.replace("viz-type-", ""));

function setup(recent: string[] = [], value: string | null = null) {
  const onChange = vi.fn();
  const onPick = vi.fn();
  render(
    <MantineProvider env="test">
      <VizGallery value={value} onChange={onChange} onPick={onPick} recent={recent} height={600} />
    </MantineProvider>,
  );
  return { onChange, onPick };
}

describe("the visualisation gallery", () => {
  it("opens on All charts with the recently used types first, marked", () => {
    setup(["pie", "table"]);
    expect(shownKeys().slice(0, 2)).toEqual(["pie", "table"]);
    expect(screen.getByTestId("viz-type-pie")).toHaveAttribute("data-recent", "true");
    expect(screen.getByTestId("viz-gallery-section-recent")).toBeInTheDocument();
  });

  it("shows no Recently used entry without recent types", () => {
    setup();
    expect(screen.queryByTestId("viz-gallery-section-recent")).toBeNull();
  });

  it("narrows to a category and to a search over names, tags and descriptions", () => {
    setup();
    fireEvent.click(screen.getByTestId("viz-gallery-section-category:Table"));
    expect(shownKeys()).toContain("pivot_table_v2");
    expect(shownKeys()).not.toContain("pie");
    fireEvent.change(screen.getByTestId("viz-gallery-search"), { target: { value: "share" } });
    expect(shownKeys()).toContain("pie");
    fireEvent.change(screen.getByTestId("viz-gallery-search"), { target: { value: "zzzz" } });
    expect(screen.getByTestId("viz-gallery-empty")).toBeInTheDocument();
  });

  it("a click highlights a type, a double-click or Enter picks it", () => {
    const { onChange, onPick } = setup();
    fireEvent.click(screen.getByTestId("viz-type-pie"));
    expect(onChange).toHaveBeenCalledWith("pie");
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.doubleClick(screen.getByTestId("viz-type-table"));
    expect(onPick).toHaveBeenCalledWith("table");
    fireEvent.keyDown(screen.getByTestId("viz-type-pie"), { key: "Enter" });
    expect(onPick).toHaveBeenLastCalledWith("pie");
  });

  it("describes the highlighted type with its examples and draws the pictograms", async () => {
    setup([], "pie");
    const details = screen.getByTestId("viz-gallery-details");
    expect(within(details).getByTestId("viz-gallery-details-name")).toHaveTextContent("Pie Chart");
    expect(details).toHaveTextContent("Share of tickets per priority");
    await waitFor(() =>
      expect(document.querySelector('[data-test="viz-type-pie"] svg[data-viz-key="pie"]')).not.toBeNull(),
    );
  });
});
