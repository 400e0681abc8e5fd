export { exportBulkActions, exportRowAction } from "./export-actions";
export { downloadExport, exportRows } from "./export-assets";
export { ImportButton } from "./import-button";
export { ImportModal, type ImportModalProps } from "./import-modal";
