import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../test/render";
import { FavoriteStar } from "./favorite-star";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers favourite_status with `starred` and every POST/DELETE of a star with `writeStatus`. */
function serve(starred: boolean, writeStatus = 200) {
  const writes: string[] = [];
  const reads: string[] = [];
  fakeFetch((u, init) => {
    if (u.pathname === "/api/v1/security/csrf_token/") return { body: { result: "token" } };
    if (u.pathname.endsWith("/favorite_status/")) {
      reads.push(u.pathname);
      return { body: { result: [{ id: 7, value: starred }] } };
    }
    if (u.pathname.endsWith("/favorites/")) {
      writes.push(`${init?.method} ${u.pathname}`);
      return { status: writeStatus, body: writeStatus === 200 ? { result: "OK" } : { message: "nope" } };
    }
    return { status: 404, body: { message: "Not found" } };
  });
  return { writes, reads };
}

const star = () => screen.getByRole("button", { name: /favorites/ });

describe("FavoriteStar", () => {
  it("reads a dashboard's star and toggles it", async () => {
    const { writes } = serve(false);
    renderWithRouter(<FavoriteStar dashboardId={7} />);
    await waitFor(() => expect(star().getAttribute("aria-pressed")).toBe("false"));
    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute("aria-pressed")).toBe("true"));
    expect(writes).toEqual(["POST /api/v1/dashboard/7/favorites/"]);
  });

  it("puts a chart's star back and says so when the server refuses", async () => {
    const { writes } = serve(true, 500);
    renderWithRouter(<FavoriteStar type="chart" id={7} />);
    await waitFor(() => expect(star().getAttribute("aria-pressed")).toBe("true"));
    fireEvent.click(star());
    await screen.findByText("An error occurred while starring this chart");
    await waitFor(() => expect(star().getAttribute("aria-pressed")).toBe("true"));
    expect(writes).toEqual(["DELETE /api/v1/chart/7/favorites/"]);
  });

  it("on a list, shows the row's star without asking and reports each toggle", async () => {
    const { writes, reads } = serve(false);
    function Row() {
      const [on, setOn] = useState(false);
      return <FavoriteStar type="chart" id={7} starred={on} onChange={setOn} />;
    }
    renderWithRouter(<Row />);
    expect(star().getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute("aria-pressed")).toBe("true"));
    expect(writes).toEqual(["POST /api/v1/chart/7/favorites/"]);
    // The list row already said whether it is starred.
    expect(reads).toEqual([]);
  });
});
