import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../test/render";
import { DelayedLoader } from "./delayed-loader";

afterEach(() => {
  vi.useRealTimers();
});

describe("DelayedLoader", () => {
  it("shows its spinner only once the wait has lasted a moment", () => {
    vi.useFakeTimers();
    renderWithRouter(<DelayedLoader height={100} label="Loading" />);
    expect(screen.queryByLabelText("Loading")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.queryByLabelText("Loading")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByLabelText("Loading")).toBeTruthy();
  });
});
