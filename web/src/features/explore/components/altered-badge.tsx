import { Badge, Modal, Pagination, Stack, Table, Tooltip } from "@mantine/core";
import { useMemo, useState } from "react";
import type { FormData } from "../../../components/charts";
import { t } from "../../../lib/i18n";
import { type ControlDiff, diffFormData, formatDiffValue } from "../model/altered";
import { controlLabel } from "../model/form-data";

/** The chart changes table shows 50 changes a page (001 §9). */
export const CHANGES_PAGE_SIZE = 50;

export function ChartChangesModal({
  opened,
  onClose,
  diffs,
  vizType,
}: {
  opened: boolean;
  onClose: () => void;
  diffs: ControlDiff[];
  vizType: string;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(diffs.length / CHANGES_PAGE_SIZE));
  const shown = diffs.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Chart changes")}
      size="xl"
      data-test="chart-changes-modal"
    >
      <Stack>
        <Table striped withTableBorder data-test="chart-changes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Control")}</Table.Th>
              <Table.Th>{t("Before")}</Table.Th>
              <Table.Th>{t("After")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((d) => (
              <Table.Tr key={d.key}>
                <Table.Td>{controlLabel(vizType, d.key)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{formatDiffValue(d.before)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{formatDiffValue(d.after)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Stack>
    </Modal>
  );
}

/** "Altered" when the form differs from the saved chart; a click lists the changes. */
export function AlteredBadge({ saved, current }: { saved: Partial<FormData> | null; current: FormData }) {
  const [open, setOpen] = useState(false);
  const diffs = useMemo(() => (saved ? diffFormData(saved, current) : []), [saved, current]);
  if (!diffs.length) return null;
  return (
    <>
      <Tooltip label={t("Click to see difference")}>
        <Badge
          component="button"
          type="button"
          color="orange"
          variant="light"
          style={{ cursor: "pointer" }}
          onClick={() => setOpen(true)}
          data-test="altered-badge"
        >
          {t("Altered")}
        </Badge>
      </Tooltip>
      <ChartChangesModal
        opened={open}
        onClose={() => setOpen(false)}
        diffs={diffs}
        vizType={current.viz_type}
      />
    </>
  );
}
