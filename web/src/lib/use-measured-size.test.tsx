import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMeasuredSize } from "./use-measured-size";

/** Renders the widths a component saw, in order. */
function Probe({ seen, measures }: { seen: number[]; measures?: boolean[] }) {
  const { ref, width, height, measured } = useMeasuredSize<HTMLDivElement>();
  seen.push(width);
  measures?.push(measured);
  return <div ref={ref} data-width={width} data-height={height} />;
}

type Report = (
  entries: { target: Element; borderBoxSize?: { inlineSize: number; blockSize: number }[] }[],
) => void;

/** A ResizeObserver whose reports the test sends (`report`), as the browser would after a layout. */
function stubResizeObserver() {
  const observer = { report: (() => {}) as Report };
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: Report) {
        observer.report = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  return observer;
}

describe("useMeasuredSize", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("knows the size by the time the element is first shown, then follows the observer", () => {
    const observer = stubResizeObserver();
    const report: Report = (entries) => observer.report(entries);
    const rect = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue({ width: 987, height: 321 } as DOMRect);
    const seen: number[] = [];
    const { container } = render(<Probe seen={seen} />);
    // The measure ran in a layout effect: the render that follows it came before any paint.
    const shown = container.firstElementChild as Element;
    expect([shown.getAttribute("data-width"), shown.getAttribute("data-height")]).toEqual(["987", "321"]);
    expect(seen).toEqual([0, 987]);
    // The observer's first report, of the size already known, renders nothing again.
    act(() => report([{ target: shown, borderBoxSize: [{ inlineSize: 987, blockSize: 321 }] }]));
    expect(seen).toEqual([0, 987]);
    act(() => report([{ target: shown, borderBoxSize: [{ inlineSize: 640, blockSize: 300 }] }]));
    expect([shown.getAttribute("data-width"), shown.getAttribute("data-height")]).toEqual(["640", "300"]);
    rect.mockRestore();
  });

  it("says when the first measure is taken, a zero-wide box too, and only once", () => {
    vi.stubGlobal("ResizeObserver", undefined);
    const rect = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue({ width: 0, height: 0 } as DOMRect);
    const seen: number[] = [];
    const measures: boolean[] = [];
    render(<Probe seen={seen} measures={measures} />);
    expect(measures).toEqual([false, true]);
    expect(seen).toEqual([0, 0]);
    rect.mockRestore();
  });
  it("follows the width alone when asked: a taller box renders nothing again", () => {
    const observer = stubResizeObserver();
    const report: Report = (entries) => observer.report(entries);
    const rect = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue({ width: 800, height: 0 } as DOMRect);
    const seen: number[] = [];
    function WidthProbe() {
      const { ref, width } = useMeasuredSize<HTMLDivElement>("width");
      seen.push(width);
      return <div ref={ref} />;
    }
    const { container } = render(<WidthProbe />);
    const shown = container.firstElementChild as Element;
    expect(seen).toEqual([0, 800]);
    act(() => report([{ target: shown, borderBoxSize: [{ inlineSize: 800, blockSize: 2400 }] }]));
    expect(seen).toEqual([0, 800]);
    act(() => report([{ target: shown, borderBoxSize: [{ inlineSize: 700, blockSize: 2400 }] }]));
    expect(seen).toEqual([0, 800, 700]);
    rect.mockRestore();
  });
});
