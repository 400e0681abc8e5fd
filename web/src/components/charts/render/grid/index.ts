export {
  type ColumnMenuOption,
  type GridColumn,
  type GridRow,
  ROW_HEIGHT,
  VirtualGrid,
} from "./virtual-grid";
