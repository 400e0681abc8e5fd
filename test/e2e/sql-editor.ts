import { dt, type E2E } from "./browser.ts";

/**
 * Replaces the SQL Lab editor's text as a user would (CodeMirror's content-editable: select all,
 * delete, then type), so the editor's own change handling runs.
 */
export async function typeSql(e: E2E, sql: string): Promise<void> {
  await e.page.locator(`${dt("sql-editor")} .cm-content`).click();
  await e.page.keyboard.press("ControlOrMeta+a");
  await e.page.keyboard.press("Delete");
  await e.page.keyboard.insertText(sql);
}

/** Picks the examples database in SQL Lab's database select (opened, then its option clicked). */
export async function pickExamplesDatabase(e: E2E): Promise<void> {
  await e.page.locator(dt("select-database")).click();
  await e.page
    .getByRole("option", { name: /examples/i })
    .first()
    .click();
}
