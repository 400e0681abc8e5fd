import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconDatabaseOff, IconFilterOff } from "@tabler/icons-react";
import { t } from "../../lib/i18n";

/** 000 §2: filtered-to-nothing versus nothing at all. */
export function ListEmptyState({
  filtered,
  onClearFilters,
}: {
  filtered: boolean;
  onClearFilters: () => void;
}) {
  if (filtered) {
    return (
      <Center py="xl" data-test="empty-state">
        <Stack align="center" gap={6}>
          <IconFilterOff size={40} color="var(--mantine-color-gray-5)" />
          <Title order={4}>{t("No results match your filter criteria")}</Title>
          <Text c="dimmed" size="sm">
            {t("Try different criteria to display results.")}
          </Text>
          <Button variant="subtle" onClick={onClearFilters} data-test="clear-all-filters">
            {t("clear all filters")}
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py="xl" data-test="empty-state">
      <Stack align="center" gap={6}>
        <IconDatabaseOff size={40} color="var(--mantine-color-gray-5)" />
        <Title order={4}>{t("No Data")}</Title>
      </Stack>
    </Center>
  );
}
