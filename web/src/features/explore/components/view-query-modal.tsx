import { Button, Center, Code, CopyButton, Group, Loader, Modal, ScrollArea, Stack } from "@mantine/core";
import { useMemo } from "react";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";
import { useChartData } from "../../../components/charts/data/use-chart-data";
import { ApiErrorDisplay } from "../../../components/error-display";
import { t } from "../../../lib/i18n";

/** "View query": the SQL of each query of the chart (result_type 'query'). */
export function ViewQueryModal({
  opened,
  onClose,
  formData,
  dataset,
}: {
  opened: boolean;
  onClose: () => void;
  formData: FormData;
  dataset: ChartDataset;
}) {
  // Built each time the modal opens, from the chart as it is then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched when the modal opens
  const request = useMemo(
    () => (opened ? buildChartDataRequest(formData, { dataset }, { resultType: "query" }) : null),
    [opened],
  );
  const data = useChartData(request);
  const state = {
    loading: data.status === "loading",
    queries: data.results?.map((r) => r.query ?? ""),
    error: data.status === "failed" ? data.error : undefined,
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("View query")} size="xl" data-test="view-query-modal">
      {state.loading ? (
        <Center h={120}>
          <Loader aria-label={t("Loading")} />
        </Center>
      ) : state.error ? (
        <ApiErrorDisplay error={state.error} source="explore" />
      ) : (
        <Stack>
          {(state.queries ?? []).map((sql, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one block per query, in query order
            <Stack key={i} gap={4}>
              <Group justify="flex-end">
                <CopyButton value={sql}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="default" onClick={copy}>
                      {copied ? t("Copied!") : t("Copy")}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <ScrollArea.Autosize mah={420}>
                <Code block data-test="view-query-sql">
                  {sql}
                </Code>
              </ScrollArea.Autosize>
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
