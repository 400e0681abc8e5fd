import { Text, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { localizeHumanized, t } from "../lib/i18n";
import type { ListColumn, SortOption } from "./list-view";
import { type Owner, OwnerAvatars } from "./owner-avatars";
import { type RowAction, RowActions } from "./row-actions";

/** Columns most list pages share. */
export function lastModifiedColumn<
  T extends { changed_on_delta_humanized?: string; changed_by_name?: string | null },
>(): ListColumn<T> {
  return {
    id: "changed_on_delta_humanized",
    header: t("Last modified"),
    sortable: true,
    render: (row) => (
      <Tooltip
        label={row.changed_by_name ? t("Modified by %s", row.changed_by_name) : ""}
        disabled={!row.changed_by_name}
      >
        <Text size="sm">{localizeHumanized(row.changed_on_delta_humanized ?? "")}</Text>
      </Tooltip>
    ),
  };
}

export function ownersColumn<T extends { owners?: Owner[] | null }>(): ListColumn<T> {
  return { id: "owners", header: t("Owners"), render: (row) => <OwnerAvatars owners={row.owners} /> };
}

/** A column that exists only so a filter can refer to it (000 §5). */
export function hiddenColumn<T>(id: string): ListColumn<T> {
  return { id, hidden: true };
}

export interface RowActionOptions<T> {
  canWrite: boolean;
  askDelete: (rows: T[]) => unknown;
  onEdit?: (row: T) => void;
  more?: (row: T) => RowAction[];
}

/** A row's actions: Edit (when `onEdit` is given), any `more` actions, then Delete; Edit and Delete need write permission. */
export function rowActionsOf<T>(
  row: T,
  { canWrite, askDelete, onEdit, more }: RowActionOptions<T>,
): RowAction[] {
  return [
    ...(onEdit
      ? [
          {
            label: t("Edit"),
            icon: <IconPencil size={16} />,
            test: "edit",
            hidden: !canWrite,
            onClick: () => onEdit(row),
          },
        ]
      : []),
    ...(more?.(row) ?? []),
    {
      label: t("Delete"),
      icon: <IconTrash size={16} />,
      test: "delete",
      color: "red",
      hidden: !canWrite,
      onClick: () => void askDelete([row]),
    },
  ];
}

/** The actions column of a list row (see `rowActionsOf`). */
export function rowActionsColumn<T>(options: RowActionOptions<T>): ListColumn<T> {
  return {
    id: "actions",
    header: t("Actions"),
    render: (row) => <RowActions actions={rowActionsOf(row, options)} />,
  };
}

/** An actions column whose only action is Delete (hidden without write permission). */
export function deleteOnlyActionsColumn<T>(
  canWrite: boolean,
  askDelete: (rows: T[]) => unknown,
): ListColumn<T> {
  return rowActionsColumn({ canWrite, askDelete });
}

/** The sort dropdown most lists offer: by name, then by recency either way. */
export function recencySortOptions(nameColumn: string): SortOption[] {
  return [
    { id: nameColumn, desc: false, label: t("Alphabetical"), value: "alphabetical" },
    {
      id: "changed_on_delta_humanized",
      desc: true,
      label: t("Recently modified"),
      value: "recently_modified",
    },
    {
      id: "changed_on_delta_humanized",
      desc: false,
      label: t("Least recently modified"),
      value: "least_recently_modified",
    },
  ];
}
