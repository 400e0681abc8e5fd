import "mantine-datatable/styles.css";
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  type DatasetDetail,
  type DatasetRow,
  DEFAULT_PAGE_SIZE,
  datasourceKey,
  type ListQuery,
} from "@strata/contracts";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import { DataTable, type DataTableSortStatus } from "mantine-datatable";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { t, translatable } from "../../lib/i18n";
import { fetchResourceItem, resourceItemKey } from "../../lib/resource/resource-item";
import { useResourceList } from "../../lib/resource/resource-list";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { ApiErrorDisplay } from "../error-display";
import { OwnerAvatars } from "../owner-avatars";

/** Modal height in the list step; width in the confirm step (001 §9). */
const LIST_HEIGHT = 540;
const CONFIRM_WIDTH = 432;

export const SWAP_WARNING = translatable(
  "Warning! Changing the dataset may break the chart if the metadata does not exist.",
);

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Hidden from the list (the chart's current dataset). */
  currentDatasetId?: number | null;
  /** Announced as `{id}__table` with the freshly read dataset (typed `table`). */
  onDatasetChange: (datasourceKey: string, dataset: DatasetDetail & { type: "table" }) => void;
}

/** Searchable, sortable, server-paged dataset picker with a warning confirmation (001 §2, §4). */
export function SwapDatasetModal({ opened, onClose, currentDatasetId, onDatasetChange }: Props) {
  const [picked, setPicked] = useState<DatasetRow | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("Swap dataset")}
      size={picked ? CONFIRM_WIDTH : "xl"}
      data-test="swap-dataset-modal"
    >
      {opened &&
        (picked ? (
          <ConfirmStep
            row={picked}
            onCancel={() => setPicked(null)}
            onDone={(key, dataset) => {
              onDatasetChange(key, dataset);
              close();
            }}
          />
        ) : (
          <ListStep currentDatasetId={currentDatasetId} onPick={setPicked} />
        ))}
    </Modal>
  );
}

function ListStep({
  currentDatasetId,
  onPick,
}: {
  currentDatasetId?: number | null;
  onPick: (row: DatasetRow) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<DatasetRow>>({
    columnAccessor: "changed_on_delta_humanized",
    direction: "desc",
  });
  const query: ListQuery = {
    filters: debounced ? [{ col: "table_name", opr: "ct", value: debounced }] : [],
    order_column: String(sort.columnAccessor),
    order_direction: sort.direction,
    page: page - 1,
    page_size: DEFAULT_PAGE_SIZE,
  };
  const { data, error, isLoading, isValidating } = useResourceList<DatasetRow>("dataset", query);
  const rows = (data?.result ?? []).filter((r) => r.id !== currentDatasetId);
  return (
    <Stack gap="sm" h={LIST_HEIGHT}>
      <TextInput
        placeholder={t("Search / Filter")}
        aria-label={t("Search datasets")}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-test="swap-dataset-search"
      />
      {error ? (
        <ApiErrorDisplay error={error} />
      ) : (
        <DataTable<DatasetRow>
          withTableBorder
          highlightOnHover
          records={rows}
          fetching={isLoading || isValidating}
          minHeight={200}
          style={{ flex: 1 }}
          idAccessor="id"
          onRowClick={({ record }) => onPick(record)}
          customRowAttributes={() => ({ "data-test": "swap-dataset-row" })}
          sortStatus={sort}
          onSortStatusChange={(s) => {
            setSort(s);
            setPage(1);
          }}
          totalRecords={data?.count ?? 0}
          recordsPerPage={DEFAULT_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t("No data")}
          columns={[
            { accessor: "table_name", title: t("Name"), sortable: true },
            {
              accessor: "kind",
              title: t("Type"),
              sortable: true,
              render: (r) => (r.kind === "virtual" ? t("Virtual") : t("Physical")),
            },
            { accessor: "schema", title: t("Schema"), sortable: true },
            {
              accessor: "database.database_name",
              title: t("Connection"),
              sortable: true,
              render: (r) => r.database?.database_name,
            },
            { accessor: "owners", title: t("Owners"), render: (r) => <OwnerAvatars owners={r.owners} /> },
          ]}
        />
      )}
    </Stack>
  );
}

function ConfirmStep({
  row,
  onCancel,
  onDone,
}: {
  row: DatasetRow;
  onCancel: () => void;
  onDone: (key: string, dataset: DatasetDetail & { type: "table" }) => void;
}) {
  const { busy, save } = useFormSave({
    fieldMessages: false,
    onFailure: (err) =>
      toast.danger(t("An error occurred while fetching %ss: %s", "dataset", errorMessage(err))),
  });
  const proceed = () =>
    save({}, async () => {
      const dataset = await fetchResourceItem<DatasetDetail>(resourceItemKey("dataset", row.id));
      toast.success(t("Successfully changed dataset!"));
      onDone(datasourceKey(row.id, "table"), { ...dataset, type: "table" });
    });
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-test="swap-dataset-warning">
        {t(SWAP_WARNING)}
      </Alert>
      <Text size="sm">
        {t("New dataset")}: <b>{row.table_name}</b>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-test="swap-dataset-cancel">
          {t("Cancel")}
        </Button>
        <Button onClick={proceed} loading={busy} data-test="swap-dataset-proceed">
          {t("Proceed")}
        </Button>
      </Group>
    </Stack>
  );
}
