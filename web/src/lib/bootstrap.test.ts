import { describe, expect, it } from "vitest";
import { bootstrapConfNumber, bootstrapMeRoles, readBootstrap } from "./bootstrap";

/** A root element as the server writes it: the JSON escaped into the attribute. */
function root(attribute: string | null): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML =
    attribute === null ? `<div id="root"></div>` : `<div id="root" data-bootstrap="${attribute}"></div>`;
  return div.firstElementChild as HTMLElement;
}

const attributeEscaped = (value: unknown) =>
  JSON.stringify(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const common = { feature_flags: { GLOBAL_ASYNC_QUERIES: false }, conf: { SUPERSET_WEBSERVER_TIMEOUT: 90 } };

describe("page bootstrap", () => {
  it("reads the signed-in user and the conf from the root element's attribute", () => {
    const boot = readBootstrap(
      root(
        attributeEscaped({
          user: {
            userId: 3,
            username: "ana",
            firstName: `"Ana" <b>`,
            id: 3,
            first_name: `"Ana" <b>`,
            last_name: "Lee",
            email: "ana@example.com",
            is_active: true,
            roles: { Gamma: [["can_read", "Chart"]] },
            permissions: {},
          },
          common,
        }),
      ),
    );
    expect(boot).not.toBeNull();
    expect(bootstrapMeRoles(boot!)).toEqual({
      id: 3,
      username: "ana",
      first_name: `"Ana" <b>`,
      last_name: "Lee",
      email: "ana@example.com",
      is_active: true,
      is_anonymous: false,
      roles: { Gamma: [["can_read", "Chart"]] },
    });
    expect(bootstrapConfNumber(boot, "SUPERSET_WEBSERVER_TIMEOUT")).toBe(90);
    expect(bootstrapConfNumber(boot, "ROW_LIMIT")).toBeUndefined();
  });

  it("says nobody is signed in for an anonymous page", () => {
    const boot = readBootstrap(
      root(attributeEscaped({ user: { roles: { Public: [] }, permissions: {} }, common })),
    );
    expect(boot).not.toBeNull();
    expect(bootstrapMeRoles(boot!)).toBeNull();
  });

  it("gives nothing for a page without the attribute or with data it can't read", () => {
    expect(readBootstrap(root(null))).toBeNull();
    expect(readBootstrap(root("{not json"))).toBeNull();
    expect(readBootstrap(root(attributeEscaped({ user: "admin" })))).toBeNull();
  });
});
