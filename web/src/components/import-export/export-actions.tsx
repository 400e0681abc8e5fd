import { IconShare3 } from "@tabler/icons-react";
import { t } from "../../lib/i18n";
import type { BulkAction } from "../list-view";
import type { RowAction } from "../row-actions";
import { exportRows } from "./export-assets";

interface ExportTarget {
  /** API resource: 'dashboard', 'saved_query'. */
  resource: string;
  /** Plural noun for messages: 'dashboards'. */
  label: string;
  canExport: boolean;
}

/** The Export action of a list row (hidden without `can_export`). */
export function exportRowAction({ resource, label, canExport }: ExportTarget, id: number): RowAction {
  return {
    label: t("Export"),
    icon: <IconShare3 size={16} />,
    test: "export",
    hidden: !canExport,
    onClick: () => void exportRows(resource, label, [id]),
  };
}

/** The Export bulk action (none without `can_export`). */
export function exportBulkActions<T extends { id: number }>({
  resource,
  label,
  canExport,
}: ExportTarget): BulkAction<T>[] {
  if (!canExport) return [];
  return [
    {
      key: "export",
      name: t("Export"),
      type: "primary",
      onSelect: (rows) =>
        exportRows(
          resource,
          label,
          rows.map((r) => r.id),
        ),
    },
  ];
}
