import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "./lazy-part";

/** A module whose arrival the test decides. */
function deferredModule() {
  let arrive!: () => void;
  const module = new Promise<{ default: (p: { name: string }) => React.ReactElement }>((resolve) => {
    arrive = () => resolve({ default: ({ name }) => <p data-testid="part">hello {name}</p> });
  });
  return { importer: () => module, arrive };
}

describe("lazyComponent", () => {
  it("shows its fallback until the chunk is in, then the component in place", async () => {
    const { importer, arrive } = deferredModule();
    const Part = lazyComponent(importer, <span data-testid="waiting" />);
    render(<Part name="there" />);
    expect(screen.getByTestId("waiting")).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByTestId("part").textContent).toBe("hello there");
    expect(screen.queryByTestId("waiting")).toBeNull();
  });

  it("renders the component at once when it was preloaded", async () => {
    const { importer, arrive } = deferredModule();
    const Part = lazyComponent(importer, <span data-testid="waiting" />);
    const loaded = Part.preload();
    arrive();
    await loaded;
    render(<Part name="again" />);
    // In the first render: nothing to wait for, no fallback in between.
    expect(screen.getByTestId("part").textContent).toBe("hello again");
  });
});
