import { Center, Code, Group, Loader, Modal, ScrollArea, Stack } from "@mantine/core";
import type { ChartDataRequestInput } from "@strata/contracts";
import { CopyTextButton } from "../../../../components/copy-text-button";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { useChartQueryText } from "../../api/chart-query-text";

/** View query: the SQL the chart runs with the dashboard's filters applied, with a copy button. */
export default function ViewQueryModal({
  chartName,
  request,
  onClose,
}: {
  chartName: string;
  request: ChartDataRequestInput;
  onClose: () => void;
}) {
  const { data, error } = useChartQueryText(request);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`${t("View query")}: ${chartName}`}
      data-test="view-query-modal"
    >
      {error ? (
        <ApiErrorDisplay error={error} source="dashboard" />
      ) : !data ? (
        <Center h={120}>
          <Loader size="sm" aria-label={t("Loading")} />
        </Center>
      ) : (
        <Stack gap="md">
          {data.map((q) => (
            <Stack key={q.query} gap={4}>
              <Group justify="flex-end">
                <CopyTextButton value={q.query} test="copy-query" />
              </Group>
              <ScrollArea.Autosize mah={480}>
                <Code block data-test="view-query-sql">
                  {q.query}
                </Code>
              </ScrollArea.Autosize>
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
