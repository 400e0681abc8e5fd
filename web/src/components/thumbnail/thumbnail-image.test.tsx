import { MantineProvider } from "@mantine/core";
import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ThumbnailImage } from "./thumbnail-image";
import { thumbnailsEnabled } from "./thumbnails-enabled";

configure({ testIdAttribute: "data-test" });

const URL_A = "/api/v1/chart/12/thumbnail/ab12/";

/** The page's root element with its bootstrap data: THUMBNAILS as given, or no bootstrap at all. */
function setThumbnailsFlag(flag: boolean | null) {
  document.getElementById("root")?.remove();
  const root = document.createElement("div");
  root.id = "root";
  if (flag !== null) {
    root.dataset.bootstrap = JSON.stringify({
      user: { roles: {}, permissions: {} },
      common: { feature_flags: { THUMBNAILS: flag }, conf: {} },
    });
  }
  document.body.appendChild(root);
}

type Answer = { status: number; json?: unknown } | "png";

/** Replaces fetch: each address answers its queued replies in turn, the last one repeating. */
function fakeThumbnails(answers: Record<string, Answer[]>) {
  const served = new Map<string, number>();
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const queue = answers[path] ?? [{ status: 404, json: { message: "Not found" } }];
    const n = served.get(path) ?? 0;
    served.set(path, n + 1);
    const answer = queue[Math.min(n, queue.length - 1)]!;
    if (answer === "png") {
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), {
        status: 200,
        headers: { "Content-Type": "image/png" },
      });
    }
    return new Response(JSON.stringify(answer.json ?? {}), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return { fetch: fn, asked: (path: string) => fn.mock.calls.filter(([u]) => String(u) === path).length };
}

const pending = (task_status: string) => ({ status: 202, json: { task_status, task_updated_at: null } });

/** An IntersectionObserver that reports its targets in view only when told to. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  return {
    /** Brings every observed element into view. */
    reveal() {
      for (const o of observers) {
        const entries = o.targets.map((target) => ({ target, isIntersecting: true }));
        if (entries.length) o.callback(entries as IntersectionObserverEntry[], {} as IntersectionObserver);
      }
    },
  };
}

function wrap(children: ReactNode) {
  return (
    <MantineProvider env="test">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
    </MantineProvider>
  );
}

const fallback = <div data-test="placeholder">placeholder</div>;

function renderThumbnail(url: string | null, props: { pollMs?: number; giveUpMs?: number } = {}) {
  return render(wrap(<ThumbnailImage url={url} fallback={fallback} height={160} {...props} />));
}

const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

let objectUrls = 0;

beforeEach(() => {
  setThumbnailsFlag(true);
  // happy-dom's IntersectionObserver never reports anything: without one, everything is near.
  vi.stubGlobal("IntersectionObserver", undefined);
  objectUrls = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation(() => `blob:thumb-${++objectUrls}`);
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById("root")?.remove();
});

describe("thumbnailsEnabled", () => {
  it("follows the bootstrap's THUMBNAILS flag, off without bootstrap data", () => {
    setThumbnailsFlag(true);
    expect(thumbnailsEnabled()).toBe(true);
    setThumbnailsFlag(false);
    expect(thumbnailsEnabled()).toBe(false);
    setThumbnailsFlag(null);
    expect(thumbnailsEnabled()).toBe(false);
    document.getElementById("root")?.remove();
    expect(thumbnailsEnabled()).toBe(false);
  });
});

describe("ThumbnailImage", () => {
  it("shows the picture of a 200 answer as a decorative, top-aligned cover image", async () => {
    const api = fakeThumbnails({ [URL_A]: ["png"] });
    renderThumbnail(URL_A, { pollMs: 20 });
    const img = await screen.findByTestId("thumbnail-image");
    expect(img.tagName).toBe("IMG");
    expect(img).toHaveAttribute("src", "blob:thumb-1");
    expect(img).toHaveAttribute("alt", "");
    expect(img.style.objectPosition).toBe("top");
    expect(screen.queryByTestId("placeholder")).toBeNull();
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    await sleep(80);
    expect(api.asked(URL_A)).toBe(1);
  });

  it("shows the fallback for a picture the browser cannot show", async () => {
    fakeThumbnails({ [URL_A]: ["png"] });
    renderThumbnail(URL_A);
    const img = await screen.findByTestId("thumbnail-image");
    fireEvent.error(img);
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
  });

  it("asks once for an address shown twice, and revokes each object URL when its card goes", async () => {
    const api = fakeThumbnails({ [URL_A]: ["png"] });
    const view = render(
      wrap(
        <>
          <ThumbnailImage url={URL_A} fallback={fallback} height={160} />
          <ThumbnailImage url={URL_A} fallback={fallback} height={160} />
        </>,
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId("thumbnail-image")).toHaveLength(2));
    expect(api.asked(URL_A)).toBe(1);
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:thumb-1");
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:thumb-2");
  });

  it("asks again while the picture is being drawn, and shows it once drawn", async () => {
    const api = fakeThumbnails({ [URL_A]: [pending("Pending"), pending("Computing"), "png"] });
    renderThumbnail(URL_A, { pollMs: 20 });
    await waitFor(() => expect(api.asked(URL_A)).toBe(1));
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
    expect(await screen.findByTestId("thumbnail-image")).toHaveAttribute("src", "blob:thumb-1");
    expect(api.asked(URL_A)).toBe(3);
    await sleep(80);
    expect(api.asked(URL_A)).toBe(3);
  });

  it("shows the fallback and stops asking when the drawing failed (202 Error)", async () => {
    const api = fakeThumbnails({ [URL_A]: [pending("Error"), "png"] });
    renderThumbnail(URL_A, { pollMs: 20 });
    await waitFor(() => expect(api.asked(URL_A)).toBe(1));
    await sleep(100);
    expect(api.asked(URL_A)).toBe(1);
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
  });

  it.each([404, 403, 422, 429])("shows the fallback and stops asking on %i", async (status) => {
    const api = fakeThumbnails({ [URL_A]: [{ status, json: { message: "No" } }, "png"] });
    renderThumbnail(URL_A, { pollMs: 20 });
    await waitFor(() => expect(api.asked(URL_A)).toBe(1));
    await sleep(100);
    expect(api.asked(URL_A)).toBe(1);
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
  });

  it("gives up on a picture that is never drawn", async () => {
    const api = fakeThumbnails({ [URL_A]: [pending("Pending")] });
    renderThumbnail(URL_A, { pollMs: 10, giveUpMs: 60 });
    await waitFor(() => expect(api.asked(URL_A)).toBeGreaterThan(1));
    await sleep(150);
    const asked = api.asked(URL_A);
    expect(asked).toBeLessThanOrEqual(8);
    await sleep(100);
    expect(api.asked(URL_A)).toBe(asked);
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
  });

  it.each([
    ["off", false],
    ["absent", null],
  ] as const)("asks for nothing with the THUMBNAILS flag %s", async (_, flag) => {
    setThumbnailsFlag(flag);
    const api = fakeThumbnails({ [URL_A]: ["png"] });
    renderThumbnail(URL_A);
    await sleep(50);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
  });

  it("asks for nothing without an address", async () => {
    const api = fakeThumbnails({});
    renderThumbnail(null);
    await sleep(50);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
  });

  it("waits until the card comes near the viewport", async () => {
    const observer = fakeIntersectionObserver();
    const api = fakeThumbnails({ [URL_A]: ["png"] });
    renderThumbnail(URL_A);
    await sleep(50);
    expect(api.fetch).not.toHaveBeenCalled();
    act(() => observer.reveal());
    expect(await screen.findByTestId("thumbnail-image")).toBeInTheDocument();
    expect(api.asked(URL_A)).toBe(1);
  });
});
