import { MantineProvider } from "@mantine/core";
import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SelectControl } from "./select-control";

const choices: [string, string][] = [
  ["CA", "California"],
  ["NY", "New York"],
  ["TX", "Texas"],
];

function renderSelect(props: Partial<Parameters<typeof SelectControl>[0]>) {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <SelectControl
        label="States"
        choices={choices}
        value={[]}
        onChange={onChange}
        testId="states"
        {...props}
      />
    </MantineProvider>,
  );
  return onChange;
}

describe("SelectControl", () => {
  it("a fixed-choice multi select keeps pasted values among the choices, split at any separator", () => {
    const onChange = renderSelect({ multi: true, value: ["TX"] });
    const input = document.querySelector('[data-test="states"]') as HTMLInputElement;
    fireEvent.paste(input, { clipboardData: { getData: () => "CA;XX\r\nNY\tZZ" } });
    expect(onChange).toHaveBeenCalledWith(["TX", "CA", "NY"]);
  });

  it("a fixed-choice select does not show a value outside its choices", () => {
    renderSelect({ value: "ZZ" });
    expect(
      (document.querySelector('[data-test="states"]') as HTMLInputElement as HTMLInputElement).value,
    ).toBe("");
  });

  it("a free-form select keeps any typed value; numbers stay numbers", () => {
    const onChange = renderSelect({
      freeForm: true,
      value: 10,
      choices: [
        [10, "10"],
        [100, "100"],
      ],
    });
    const input = document.querySelector('[data-test="states"]') as HTMLInputElement as HTMLInputElement;
    expect(input.value).toBe("10");
    fireEvent.change(input, { target: { value: "250" } });
    expect(onChange).toHaveBeenLastCalledWith(250);
    fireEvent.change(input, { target: { value: "abc" } });
    expect(onChange).toHaveBeenLastCalledWith("abc");
  });
});
