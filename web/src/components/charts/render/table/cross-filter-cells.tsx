import { t } from "../../../../lib/i18n";
import type { CellCrossFilter, CellValue } from "../chart-render-props";
import type { GridColumn } from "../grid";
import classes from "./table-chart.module.css";

const isCellValue = (v: unknown): v is CellValue =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * The emitting (dimension) columns get a click target in each cell: a button spread under the
 * cell's text that reports the cell's raw value. A target is pressed when its value is the one
 * selected; the stylesheet marks the rows holding a pressed target.
 */
export function withCrossFilterCells(
  columns: GridColumn[],
  cross: CellCrossFilter | undefined,
): GridColumn[] {
  if (!cross?.columns.length) return columns;
  const emitting = new Set(cross.columns);
  return columns.map((column) => {
    if (!emitting.has(column.key)) return column;
    const selected = cross.selected?.column === column.key ? cross.selected.values : [];
    const under = column.decorate;
    return {
      ...column,
      decorate: (value: unknown) => (
        <>
          {under?.(value)}
          {isCellValue(value) && (
            <button
              type="button"
              className={classes.crossTarget}
              aria-pressed={selected.includes(value)}
              aria-label={t("Cross-filter by %s = %s", column.label, value === null ? "N/A" : value)}
              onClick={() => cross.onCellClick(column.key, value)}
              // Read by the dashboard's right-click menu (drill by / to detail by this value).
              data-cell-column={column.key}
              data-cell-value={JSON.stringify(value)}
              data-test="table-cross-filter-cell"
            />
          )}
        </>
      ),
    };
  });
}
