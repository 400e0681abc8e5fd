import { type ReactNode, useRef, useState } from "react";
import { errorMessage } from "../lib/api-error";
import { t } from "../lib/i18n";
import { bulkDeleteResource, deleteResource, revalidateResource } from "../lib/resource/resource-write";
import { toast } from "../lib/toast";
import { DeleteConfirmModal } from "./delete-confirm-modal";

interface Options<T> {
  resource: string;
  /** Singular noun: 'dataset'. */
  label: string;
  nameOf: (row: T) => string;
  idOf?: (row: T) => number;
  /** More to say when one row is deleted, such as what uses it (a bulk delete shows none). */
  details?: (row: T) => ReactNode;
}

/**
 * Delete one row or many after a typed confirmation, toast the outcome, refresh the resource.
 * `askDelete` resolves true when deleted, false when cancelled or failed.
 */
export function useDeleteFlow<T>({
  resource,
  label,
  nameOf,
  idOf = (r) => (r as { id: number }).id,
  details,
}: Options<T>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const settle = useRef<((done: boolean) => void) | null>(null);
  const done = useRef(false);

  const askDelete = (target: T[]): Promise<boolean> => {
    setRows(target);
    done.current = false;
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  };

  const confirm = async () => {
    if (!rows) return;
    const names = rows.map(nameOf).join(", ");
    try {
      if (rows.length === 1) await deleteResource(resource, idOf(rows[0]));
      else await bulkDeleteResource(resource, rows.map(idOf));
      toast.success(t("Deleted: %s", names));
      done.current = true;
    } catch (err) {
      if (rows.length === 1) toast.danger(t("There was an issue deleting %s: %s", names, errorMessage(err)));
      else toast.danger(t("There was an issue deleting: %s", errorMessage(err)));
    } finally {
      await revalidateResource(resource);
    }
  };

  const close = () => {
    settle.current?.(done.current);
    settle.current = null;
    setRows(null);
  };

  const many = (rows?.length ?? 0) > 1;
  const single = rows?.length === 1 ? rows[0] : undefined;
  const modal = (
    <DeleteConfirmModal
      opened={rows !== null}
      title={many ? t("Please confirm") : t("Delete %s?", label)}
      description={
        many
          ? t("Are you sure you want to delete the selected %ss?", label)
          : t("Are you sure you want to delete %s?", rows?.[0] ? nameOf(rows[0]) : "")
      }
      details={single !== undefined && details ? details(single) : undefined}
      onConfirm={confirm}
      onClose={close}
    />
  );
  return { askDelete, modal };
}
