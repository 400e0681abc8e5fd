import { Text, Tooltip } from "@mantine/core";
import type { ListColumn } from "./list-view";
import { type Owner, OwnerAvatars } from "./owner-avatars";

/** Columns most list pages share. */
export function lastModifiedColumn<
  T extends { changed_on_delta_humanized?: string; changed_by_name?: string | null },
>(): ListColumn<T> {
  return {
    id: "changed_on_delta_humanized",
    header: "Last modified",
    sortable: true,
    render: (row) => (
      <Tooltip
        label={row.changed_by_name ? `Modified by ${row.changed_by_name}` : ""}
        disabled={!row.changed_by_name}
      >
        <Text size="sm">{row.changed_on_delta_humanized ?? ""}</Text>
      </Tooltip>
    ),
  };
}

export function ownersColumn<T extends { owners?: Owner[] | null }>(): ListColumn<T> {
  return { id: "owners", header: "Owners", render: (row) => <OwnerAvatars owners={row.owners} /> };
}

/** A column that exists only so a filter can refer to it (000 §5). */
export function hiddenColumn<T>(id: string): ListColumn<T> {
  return { id, hidden: true };
}
