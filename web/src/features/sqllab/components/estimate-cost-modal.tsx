import { Center, Code, Loader, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { ErrorMessage } from "../../../components/error-display";
import { t } from "../../../lib/i18n";
import type { CostEstimate } from "../model/cost-estimates";

/** 'Estimated cost': a loader while the server explains the SQL, then each statement's plan. */
export function EstimateCostModal({
  opened,
  onClose,
  estimate,
}: {
  opened: boolean;
  onClose: () => void;
  estimate: CostEstimate | undefined;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Estimated cost")}
      size="xl"
      closeButtonProps={{ "aria-label": t("Close") }}
      data-test="estimate-modal"
    >
      <EstimateBody estimate={estimate} />
    </Modal>
  );
}

function EstimateBody({ estimate }: { estimate: CostEstimate | undefined }) {
  if (!estimate?.completed)
    return (
      <Center py="lg" data-test="estimate-loading">
        <Loader size="sm" />
      </Center>
    );
  if (estimate.error)
    return (
      <div data-test="estimate-error">
        <ErrorMessage error={estimate.error} source="sqllab" />
      </div>
    );
  const cost = estimate.cost ?? [];
  if (cost.length === 0)
    return (
      <Text size="sm" c="dimmed" data-test="estimate-empty">
        {t("There is no plan to show: the SQL has no statement that reads data.")}
      </Text>
    );
  return (
    <Stack gap="sm">
      {cost.map((c) => (
        <div key={c.statement} data-test="estimate-statement">
          {cost.length > 1 && (
            <Text size="sm" fw={600} mb={4}>
              {t("Statement %s", c.statement)}
            </Text>
          )}
          {/* Plans are drawn with box characters: keep their lines whole and scroll instead. */}
          <ScrollArea.Autosize mah={420} type="auto">
            <Code block fz="xs" style={{ whiteSpace: "pre" }} data-test="estimate-plan">
              {c.plan}
            </Code>
          </ScrollArea.Autosize>
        </div>
      ))}
    </Stack>
  );
}
