import { ActionIcon, Box, Center, Group, Loader, Tabs, Text, TextInput, Tooltip } from "@mantine/core";
import type { ResultType } from "@strata/contracts";
import { IconChevronDown, IconChevronUp, IconCopy, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import {
  buildChartDataRequest,
  type ChartDataResult,
  type ChartDataset,
  type FormData,
} from "../../../components/charts";
import { useChartData } from "../../../components/charts/data/use-chart-data";
import { ApiErrorDisplay } from "../../../components/error-display";
import { formatNumber, t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { samplesRequest } from "../model/samples-request";
import { lazyComponent } from "../../../lib/lazy-part";

const ResultsGrid = lazyComponent(() => import("./results-grid"), <Loader size="sm" />);

type Tab = "results" | "samples";
const GRID_HEIGHT = 260;

function toTsv(result: ChartDataResult): string {
  const rows = (result.data as Record<string, unknown>[]) ?? [];
  const cols = result.colnames ?? Object.keys(rows[0] ?? {});
  return [cols.join("\t"), ...rows.map((r) => cols.map((c) => String(r[c] ?? "")).join("\t"))].join("\n");
}

function DataTab({
  formData,
  dataset,
  type,
  version,
}: {
  formData: FormData;
  dataset: ChartDataset;
  type: ResultType;
  version: number;
}) {
  const [search, setSearch] = useState("");
  // Built when the tab opens, and again when the chart runs again (version) or the dataset changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form data of the latest run is read then
  const request = useMemo(
    () =>
      type === "samples"
        ? samplesRequest(formData, dataset)
        : buildChartDataRequest(formData, { dataset }, { resultType: type }),
    [type, version, dataset],
  );
  const data = useChartData(request, { revision: version });
  const state = {
    loading: data.status === "loading",
    result: data.results?.[0],
    error: data.status === "failed" ? data.error : undefined,
  };
  const rows = useMemo(() => {
    const all = (state.result?.data as Record<string, unknown>[]) ?? [];
    const q = search.trim().toLowerCase();
    return q
      ? all.filter((r) =>
          Object.values(r).some((v) =>
            String(v ?? "")
              .toLowerCase()
              .includes(q),
          ),
        )
      : all;
  }, [state.result, search]);
  if (state.loading) {
    return (
      <Center h={GRID_HEIGHT}>
        <Loader size="sm" aria-label={t("Loading")} />
      </Center>
    );
  }
  if (state.error) return <ApiErrorDisplay error={state.error} source="explore" />;
  const result = state.result;
  if (!result) return <Text c="dimmed">{t("No results")}</Text>;
  const colnames = result.colnames ?? Object.keys(rows[0] ?? {});
  return (
    <Box>
      <Group justify="space-between" mb={6}>
        <Text size="xs" c="dimmed" data-test={`${type}-rowcount`}>
          {t("%s rows", formatNumber(rows.length))}
        </Text>
        <Group gap={6}>
          <TextInput
            size="xs"
            placeholder={t("Search")}
            leftSection={<IconSearch size={12} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            aria-label={t("Search results")}
          />
          <Tooltip label={t("Copy to clipboard")}>
            <ActionIcon
              variant="subtle"
              aria-label={t("Copy to clipboard")}
              onClick={() =>
                navigator.clipboard
                  .writeText(toTsv(result))
                  .then(() => toast.success(t("Copied to clipboard!")))
                  .catch(() => toast.danger(t("Sorry, your browser does not support copying.")))
              }
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {colnames.length === 0 ? (
        <Text c="dimmed">{t("No data")}</Text>
      ) : (
        <ResultsGrid rows={rows} colnames={colnames} coltypes={result.coltypes} height={GRID_HEIGHT} />
      )}
    </Box>
  );
}

/** Below the chart: the query's results and the dataset's samples, in virtualised grids. */
export function DataPane({
  formData,
  dataset,
  version,
}: {
  formData: FormData | null;
  dataset: ChartDataset;
  version: number;
}) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>("results");
  return (
    <Box data-test="data-pane" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }} pt={4}>
      <Tabs
        value={open ? tab : null}
        onChange={(v) => {
          setTab((v as Tab) ?? "results");
          setOpen(true);
        }}
        keepMounted={false}
      >
        <Group justify="space-between" wrap="nowrap">
          <Tabs.List>
            <Tabs.Tab value="results" data-test="data-tab-results">
              {t("Results")}
            </Tabs.Tab>
            <Tabs.Tab value="samples" data-test="data-tab-samples">
              {t("Samples")}
            </Tabs.Tab>
          </Tabs.List>
          <ActionIcon
            variant="subtle"
            onClick={() => setOpen((o) => !o)}
            aria-label={open ? t("Collapse data panel") : t("Expand data panel")}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
          </ActionIcon>
        </Group>
        {open && formData ? (
          <Box pt="xs">
            <Tabs.Panel value="results">
              <DataTab formData={formData} dataset={dataset} type="results" version={version} />
            </Tabs.Panel>
            <Tabs.Panel value="samples">
              <DataTab formData={formData} dataset={dataset} type="samples" version={version} />
            </Tabs.Panel>
          </Box>
        ) : open ? (
          <Text size="sm" c="dimmed" p="xs">
            {t("Run a query to see its results.")}
          </Text>
        ) : null}
      </Tabs>
    </Box>
  );
}
