import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import LoginPage from "./login-page";

afterEach(() => vi.unstubAllGlobals());

describe("login page", () => {
  it("shows the server's message on a failed login", async () => {
    fakeFetch((url) =>
      url.pathname === "/login/"
        ? { status: 401, body: { message: "Invalid login. Please try again." } }
        : { status: 401, body: { message: "Not authorized" } },
    );
    renderWithRouter(<LoginPage />, "/login/?next=/tablemodelview/list/");
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "admin" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Invalid login. Please try again.")).toBeInTheDocument();
  });

  it("goes to `next` after signing in, never off-site", async () => {
    fakeFetch((url) =>
      url.pathname === "/login/"
        ? { body: { result: { id: 1, username: "admin" } } }
        : { body: { result: {} } },
    );
    const { router } = renderWithRouter(
      <LoginPage />,
      "/login/?next=/tablemodelview/list/%3FviewMode%3Dcard",
    );
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "admin" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tablemodelview/list/"));
    expect(router.state.location.search).toBe("?viewMode=card");
  });
});
