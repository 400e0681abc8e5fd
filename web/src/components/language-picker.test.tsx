import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguagePicker } from "./language-picker";

describe("LanguagePicker", () => {
  it("lists the 14 UI languages, each switching through /lang/<locale>", async () => {
    render(
      <MantineProvider env="test">
        <LanguagePicker />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Language" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items).toHaveLength(14);
    const french = screen.getByRole("menuitem", { name: /French/ });
    expect(french).toHaveAttribute("href", "/lang/fr");
    expect(screen.getByRole("menuitem", { name: /Brazilian Portuguese/ })).toHaveAttribute(
      "href",
      "/lang/pt_BR",
    );
    // The current language (English) is marked.
    expect(screen.getByRole("menuitem", { name: /English/ })).toContainElement(
      screen.getByLabelText("Current language"),
    );
  });
});
