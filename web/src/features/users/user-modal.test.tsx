import type { UserRow } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { UserModal } from "./user-modal";

const ada = {
  id: 3,
  username: "ada",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  active: true,
  roles: [{ id: 1, name: "Admin" }],
} as UserRow;

const field = (test: string) => document.querySelector(`[data-test="${test}"]`) as HTMLInputElement;
const type = (test: string, value: string) => fireEvent.change(field(test), { target: { value } });

function open(answer: { status: number; body: unknown }) {
  const posted: Record<string, unknown>[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/security/users/3" && init?.method === "PUT") {
      posted.push(JSON.parse(String(init.body)));
      return answer;
    }
    return { body: { count: 0, ids: [], result: [] } };
  });
  const onClose = vi.fn();
  renderWithRouter(<UserModal user={ada} onClose={onClose} />);
  type("user-email", "ada@lovelace.org");
  fireEvent.click(screen.getByRole("button", { name: /save/i }));
  return { posted, onClose };
}

describe("user modal", () => {
  it("saves an edited user (no password sent when left empty) and closes", async () => {
    const { posted, onClose } = open({ status: 200, body: { id: 3, result: {} } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({ username: "ada", email: "ada@lovelace.org", roles: [1] });
    expect(posted[0]).not.toHaveProperty("password");
  });

  it("puts the server's field messages on their fields and stays open", async () => {
    const { posted, onClose } = open({ status: 422, body: { message: { email: ["Email taken"] } } });
    await screen.findByText("Email taken");
    expect(posted).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
