import type { ReactNode } from "react";

export type GridRow = Record<string, unknown>;

export interface GridColumn {
  key: string;
  label: string;
  numeric?: boolean;
  format?: (value: unknown) => string;
  /** Extra cell content (e.g. cell bars) drawn behind the value. */
  decorate?: (value: unknown) => ReactNode;
}

/** Opt-in column header menu: `true`, or options such as the CSV file name. */
export type ColumnMenuOption = boolean | { fileName?: string };
