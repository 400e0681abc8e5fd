import { fireEvent, screen } from "@testing-library/react";
import type { DatabaseRow } from "@strata/contracts";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../test/render";
import { sqlLabConfOf } from "../api/sqllab-bootstrap";
import { CtasModal } from "./ctas-modal";
import { limitOptions, QueryLimitSelect } from "./query-limit-select";
import { ctasMethods, RunOptionsMenu } from "./run-options-menu";

describe("limit selector", () => {
  it("reads the limits of the editor bootstrap", () => {
    const conf = {
      DISPLAY_MAX_ROW: 10000,
      SQL_MAX_ROW: 1000000,
      DEFAULT_SQLLAB_LIMIT: 1000,
      SQLLAB_TIMEOUT: 30,
    };
    expect(sqlLabConfOf({ common: { conf }, tab_state_ids: [] })).toEqual(conf);
    expect(sqlLabConfOf({ tab_state_ids: [] })).toEqual({});
    expect(sqlLabConfOf({ common: { conf: { SQL_MAX_ROW: "x", DISPLAY_MAX_ROW: 0 } } })).toEqual({});
  });

  it("offers powers of ten from 10 to SQL_MAX_ROW", () => {
    expect(limitOptions(1_000_000)).toEqual([10, 100, 1000, 10_000, 100_000, 1_000_000]);
    expect(limitOptions(5000)).toEqual([10, 100, 1000]);
    expect(limitOptions(1000, 250)).toEqual([10, 100, 250, 1000]);
  });

  it("shows the options with thousands separators", async () => {
    const onChange = vi.fn();
    renderWithRouter(<QueryLimitSelect value={1000} maxRow={1_000_000} onChange={onChange} />);
    const input = document.querySelector('[data-test="query-limit"]') as HTMLInputElement;
    expect(input.value).toBe("LIMIT: 1,000");
    fireEvent.click(input);
    const labels = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(labels).toEqual([
      "LIMIT: 10",
      "LIMIT: 100",
      "LIMIT: 1,000",
      "LIMIT: 10,000",
      "LIMIT: 100,000",
      "LIMIT: 1,000,000",
    ]);
    fireEvent.click(screen.getByRole("option", { name: "LIMIT: 1,000,000" }));
    expect(onChange).toHaveBeenCalledWith(1_000_000);
  });
});

describe("CTAS run option", () => {
  const db = (allow_ctas: boolean, allow_cvas: boolean) => ({ id: 1, allow_ctas, allow_cvas }) as DatabaseRow;

  it("follows allow_ctas / allow_cvas", () => {
    expect(ctasMethods(db(true, true))).toEqual(["TABLE", "VIEW"]);
    expect(ctasMethods(db(false, true))).toEqual(["VIEW"]);
    expect(ctasMethods(undefined)).toEqual([]);
  });

  it("is absent when the database allows neither", () => {
    renderWithRouter(<RunOptionsMenu database={db(false, false)} onPick={() => {}} />);
    expect(document.querySelector('[data-test="run-options"]')).toBeNull();
  });

  it("offers 'Create table as' and 'Create view as'", async () => {
    const onPick = vi.fn();
    renderWithRouter(<RunOptionsMenu database={db(true, true)} onPick={onPick} />);
    fireEvent.click(document.querySelector('[data-test="run-options"]') as Element);
    fireEvent.click(await screen.findByText("Create view as"));
    expect(onPick).toHaveBeenCalledWith("VIEW");
  });

  it("asks the table name and runs with it", async () => {
    const onRun = vi.fn();
    const onClose = vi.fn();
    renderWithRouter(<CtasModal method="TABLE" onClose={onClose} onRun={onRun} />);
    const name = (await screen.findByLabelText(/Table name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "1bad" } });
    expect(screen.getByText(/Use letters, digits and underscores/)).toBeDefined();
    expect((screen.getByRole("button", { name: "Create table" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: " my_table " } });
    fireEvent.click(screen.getByRole("button", { name: "Create table" }));
    expect(onRun).toHaveBeenCalledWith("TABLE", "my_table");
    expect(onClose).toHaveBeenCalled();
  });
});
