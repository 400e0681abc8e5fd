import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { vi } from "vitest";

/** Renders a page-level element inside Mantine (test env), a fresh SWR cache and a memory router. */
export function renderWithRouter(element: ReactNode, url = "/") {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [url] });
  const utils = render(
    <MantineProvider env="test">
      <Notifications />
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>,
  );
  return { ...utils, router };
}

export interface FakeApi {
  fetch: ReturnType<typeof vi.fn>;
  /** Decoded `q` of every list call made to a path prefix. */
  calls: (prefix: string) => string[];
}

/** Replaces global fetch; `handler` answers JSON by URL. */
export function fakeFetch(
  handler: (url: URL, init?: RequestInit) => { status?: number; body: unknown },
): FakeApi {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const { status = 200, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return {
    fetch: fn,
    calls: (prefix) =>
      fn.mock.calls
        .map(([input]) => new URL(String(input), "http://localhost"))
        .filter((u) => u.pathname.startsWith(prefix))
        .map((u) => u.searchParams.get("q") ?? ""),
  };
}
