import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMeasuredWidth } from "./use-measured-width";

/** Renders the widths a component saw, in order. */
function Probe({ seen }: { seen: number[] }) {
  const { ref, width } = useMeasuredWidth<HTMLDivElement>();
  seen.push(width);
  return <div ref={ref} data-width={width} />;
}

type Report = (entries: { target: Element; borderBoxSize?: { inlineSize: number }[] }[]) => void;

describe("useMeasuredWidth", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("knows the width by the time the element is first shown, then follows the observer", () => {
    let report: Report = () => {};
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: Report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const rect = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue({ width: 987 } as DOMRect);
    const seen: number[] = [];
    const { container } = render(<Probe seen={seen} />);
    // The measure ran in a layout effect: the render that follows it came before any paint.
    expect(container.firstElementChild?.getAttribute("data-width")).toBe("987");
    expect(seen).toEqual([0, 987]);
    const target = container.firstElementChild as Element;
    act(() => report([{ target, borderBoxSize: [{ inlineSize: 640 }] }]));
    expect(container.firstElementChild?.getAttribute("data-width")).toBe("640");
    rect.mockRestore();
  });
});
