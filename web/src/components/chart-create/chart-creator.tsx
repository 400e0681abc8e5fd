import { Button, Group, Select, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { DatasetRow, ListQuery } from "@strata/contracts";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { t } from "../../lib/i18n";
import { useResourceItem } from "../../lib/resource/resource-item";
import { useResourceList } from "../../lib/resource/resource-list";
import { VIZ_TYPES } from "../charts";
import { useRecentVizTypes, VizGallery } from "../viz-gallery";

/** Explore with a dataset and a visualisation chosen (Superset's `/chart/add` hands over the same). */
export function newChartPath(datasetId: number, vizType: string): string {
  const q = new URLSearchParams({
    datasource_type: "table",
    datasource_id: String(datasetId),
    viz_type: vizType,
  });
  return `${paths.explore}?${q}`;
}

/** Searchable dataset choice: the server filters by name, a page at a time. */
function DatasetChoice({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query: ListQuery = {
    filters: debounced ? [{ col: "table_name", opr: "ct", value: debounced }] : [],
    order_column: "table_name",
    order_direction: "asc",
    page: 0,
    page_size: 50,
  };
  const { data, isLoading } = useResourceList<DatasetRow>("dataset", query);
  // The chosen dataset stays an option while a search narrows the list past it.
  const { data: chosen } = useResourceItem<DatasetRow>("dataset", value);
  const rows = [...(data?.result ?? [])];
  if (chosen && !rows.some((r) => r.id === chosen.id)) rows.unshift(chosen);
  const options = rows.map((r) => ({
    value: String(r.id),
    label: r.schema ? `${r.table_name} (${r.schema})` : r.table_name,
  }));
  return (
    <Select
      label={t("Choose a dataset")}
      placeholder={t("Choose a dataset")}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name; Mantine's own filter would hide schema-labelled matches.
      filter={({ options: all }) => all}
      nothingFoundMessage={isLoading ? t("Loading…") : t("No datasets")}
      clearable
      data-test="chart-add-dataset"
      w={{ base: "100%", sm: 420 }}
    />
  );
}

/**
 * Superset's "Create a new chart": a dataset and a visualisation type, then Explore with both.
 * Used by `/chart/add` and by Explore when it is opened with nothing to explore.
 */
export function ChartCreator({
  initialDatasetId = null,
  initialVizType = null,
  title = t("Create a new chart"),
}: {
  initialDatasetId?: number | null;
  initialVizType?: string | null;
  title?: string;
}) {
  const navigate = useNavigate();
  const [datasetId, setDatasetId] = useState<number | null>(initialDatasetId);
  const [vizType, setVizType] = useState<string | null>(
    initialVizType && VIZ_TYPES.some((v) => v.key === initialVizType) ? initialVizType : null,
  );
  const { recent, remember } = useRecentVizTypes();
  const ready = datasetId !== null && vizType !== null;
  const go = (viz: string | null = vizType) => {
    if (datasetId === null || !viz) return;
    remember(viz);
    navigate(newChartPath(datasetId, viz));
  };
  return (
    <Stack p="md" gap="lg" data-test="chart-creator">
      <Title order={2}>{title}</Title>
      <Stack gap={4}>
        <DatasetChoice value={datasetId} onChange={setDatasetId} />
        <Text size="xs" c="dimmed">
          {t("No dataset yet?")}{" "}
          <Text component={Link} to={paths.datasets} size="xs" c="blue">
            {t("Add a dataset")}
          </Text>{" "}
          {t("or upload a file from the Databases page.")}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t("Choose chart type")}
        </Text>
        <VizGallery
          value={vizType}
          onChange={setVizType}
          onPick={(v) => {
            setVizType(v);
            go(v);
          }}
          recent={recent}
          height={640}
          searchTestId="chart-add-viz-search"
        />
      </Stack>
      <Group justify="flex-end">
        <Tooltip label={t("Please select both a Dataset and a Chart type to proceed")} disabled={ready}>
          <span>
            <Button disabled={!ready} onClick={() => go()} data-test="chart-add-create">
              {t("Create new chart")}
            </Button>
          </span>
        </Tooltip>
      </Group>
    </Stack>
  );
}
