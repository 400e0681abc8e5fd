import { Button, Center, Code, CopyButton, Group, Loader, Modal, ScrollArea, Stack } from "@mantine/core";
import type { ChartDataRequestInput } from "@strata/contracts";
import { IconCopy } from "@tabler/icons-react";
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
                <CopyButton value={q.query}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconCopy size={14} />}
                      onClick={copy}
                      data-test="copy-query"
                    >
                      {copied ? t("Copied to clipboard!") : t("Copy")}
                    </Button>
                  )}
                </CopyButton>
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
