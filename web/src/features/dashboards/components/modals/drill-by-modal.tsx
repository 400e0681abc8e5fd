import { Anchor, Box, Breadcrumbs, Center, Group, Loader, Modal, Select, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { type ChartDataset, ChartRenderer, type FormData } from "../../../../components/charts";
import { useChartData } from "../../../../components/charts/data/use-chart-data";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { dashboardChartRequest } from "../../model/chart-request";
import { type DrillByStep, drillByColumns, drillByFormData } from "../../model/drill-by";

const CHART_HEIGHT = 420;

/**
 * Drill by: the chart grouped by another column of its dataset (narrowed to a clicked value when
 * opened from a data point), with the dashboard's filters kept. Each further column is another
 * level; the breadcrumb goes back to any earlier one.
 */
export default function DrillByModal({
  chartName,
  formData,
  dataset,
  initial,
  onClose,
}: {
  chartName: string;
  formData: FormData;
  dataset: ChartDataset | undefined;
  /** The first level when a column was already chosen (context menu). */
  initial: DrillByStep | null;
  onClose: () => void;
}) {
  const [steps, setSteps] = useState<DrillByStep[]>(initial ? [initial] : []);
  const columns = useMemo(() => drillByColumns(dataset), [dataset]);
  const drilled = useMemo(() => (steps.length ? drillByFormData(formData, steps) : null), [formData, steps]);
  const request = useMemo(
    () => (drilled ? dashboardChartRequest(drilled, dataset) : null),
    [drilled, dataset],
  );
  const data = useChartData(request);
  const used = new Set(steps.map((s) => s.column));

  const crumbs = [
    <Anchor
      key="chart"
      component="button"
      type="button"
      size="sm"
      onClick={() => setSteps([])}
      data-test="drill-by-crumb"
    >
      {chartName}
    </Anchor>,
    ...steps.map((s, i) => {
      const label = s.filter ? `${s.column} (${s.filter.column} = ${String(s.filter.value)})` : s.column;
      return i === steps.length - 1 ? (
        <Text key={s.column} size="sm" fw={600} data-test="drill-by-crumb-current">
          {label}
        </Text>
      ) : (
        <Anchor
          key={s.column}
          component="button"
          type="button"
          size="sm"
          onClick={() => setSteps(steps.slice(0, i + 1))}
          data-test="drill-by-crumb"
        >
          {label}
        </Anchor>
      );
    }),
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      size="90%"
      title={`${t("Drill by")}: ${chartName}`}
      data-test="drill-by-modal"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Breadcrumbs separator="›" data-test="drill-by-breadcrumb">
            {crumbs}
          </Breadcrumbs>
          <Select
            size="xs"
            w={240}
            searchable
            placeholder={t("Select a column")}
            aria-label={t("Drill by")}
            data={columns.filter((c) => !used.has(c))}
            value={null}
            onChange={(column) => column && setSteps([...steps, { column }])}
            nothingFoundMessage={t("No columns")}
            data-test="drill-by-column"
          />
        </Group>
        <Box h={CHART_HEIGHT} data-test="drill-by-chart" data-status={drilled ? data.status : undefined}>
          {!drilled ? (
            <Center h={CHART_HEIGHT}>
              <Text c="dimmed">{t("Choose a column to drill by")}</Text>
            </Center>
          ) : data.status === "failed" ? (
            <ApiErrorDisplay error={data.error} source="dashboard" />
          ) : !data.results ? (
            <Center h={CHART_HEIGHT}>
              <Loader size="sm" aria-label={t("Loading")} />
            </Center>
          ) : (
            <ChartRenderer formData={drilled} results={data.results} height={CHART_HEIGHT} />
          )}
        </Box>
      </Stack>
    </Modal>
  );
}
