import type { EditorView } from "@codemirror/view";
import { act, fireEvent, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import { toast } from "../../../lib/toast";
import { FORMAT_SHORTCUT, FormatSqlButton, useFormatSql } from "./format-sql";
import { editorKeyBindings } from "./editor-keymap";

const MESSY = "select gender,count(*) from birth_names group by gender";
const FORMATTED = "SELECT\n  gender,\n  count(*)\nFROM\n  birth_names\nGROUP BY\n  gender";

function serve(status = 200, body: unknown = { result: FORMATTED }) {
  const posted: unknown[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/sqllab/format_sql/") {
      posted.push(JSON.parse(String(init?.body)));
      return { status, body };
    }
    return { status: 404, body: { message: "Not found" } };
  });
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Format SQL (002 §7)", () => {
  it("replaces the tab's SQL with the server's formatting, in the tab's database dialect", async () => {
    const posted = serve();
    const onChange = vi.fn();
    const { result } = renderHook(() => useFormatSql({ sql: MESSY, dbId: 3 }, onChange));
    await act(() => result.current.format());
    expect(posted).toEqual([{ sql: MESSY, database_id: 3 }]);
    expect(onChange).toHaveBeenCalledWith({ sql: FORMATTED });
    expect(result.current.busy).toBe(false);
  });

  it("sends no database without one and skips an empty editor", async () => {
    const posted = serve();
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ sql }) => useFormatSql({ sql, dbId: null }, onChange), {
      initialProps: { sql: "  " },
    });
    await act(() => result.current.format());
    expect(posted).toEqual([]);
    rerender({ sql: MESSY });
    await act(() => result.current.format());
    expect(posted).toEqual([{ sql: MESSY }]);
  });

  it("keeps what was typed while the server was formatting", async () => {
    serve();
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ sql }) => useFormatSql({ sql, dbId: 1 }, onChange), {
      initialProps: { sql: MESSY },
    });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.format();
    });
    rerender({ sql: `${MESSY} -- more` });
    await act(() => done);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("toasts the server's message when formatting fails", async () => {
    const message = "The SQL could not be formatted: Parse error at token: «EOF» at line 1 column 16";
    serve(400, { message, errors: [{ error_type: "INVALID_SQL_ERROR", message, level: "error" }] });
    const danger = vi.spyOn(toast, "danger").mockImplementation(() => {});
    const onChange = vi.fn();
    const { result } = renderHook(() => useFormatSql({ sql: "select ((( from", dbId: 1 }, onChange));
    await act(() => result.current.format());
    expect(danger).toHaveBeenCalledWith(message);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the shortcut in the button's tooltip", async () => {
    fakeFetch(() => ({ body: {} }));
    const onClick = vi.fn();
    renderWithRouter(<FormatSqlButton onClick={onClick} busy={false} />);
    const button = screen.getByRole("button", { name: "Format SQL" });
    fireEvent.mouseEnter(button);
    expect(await screen.findByText(`Format SQL (${FORMAT_SHORTCUT})`)).toBeDefined();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is bound to Ctrl/Cmd+Shift+F in the editor (Ctrl/Cmd+Enter still runs)", () => {
    // A real key press is checked in Chromium (test/e2e/sqllab.test.ts).
    const handlers = { current: { run: vi.fn(), format: vi.fn() } };
    const bindings = editorKeyBindings(handlers);
    expect(bindings.map((b) => b.key)).toEqual(["Mod-Enter", "Mod-Shift-f"]);
    const [run, format] = bindings;
    const view = {} as EditorView;
    expect(format.run?.(view)).toBe(true);
    expect(handlers.current.format).toHaveBeenCalledTimes(1);
    expect(handlers.current.run).not.toHaveBeenCalled();
    run.run?.(view);
    expect(handlers.current.run).toHaveBeenCalledTimes(1);
  });
});
