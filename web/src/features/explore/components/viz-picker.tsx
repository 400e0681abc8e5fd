import { Badge, Button, Card, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { VIZ_TYPES, vizTypeLabel } from "../../../components/charts";
import { t } from "../../../lib/i18n";

/** The current visualisation and a picker of every visualisation, searchable. */
export function VizPicker({ value, onChange }: { value: string; onChange: (vizType: string) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const q = search.trim().toLowerCase();
  const list = VIZ_TYPES.filter(
    (v) => !q || [v.label, t(v.label), v.category, t(v.category)].some((s) => s.toLowerCase().includes(q)),
  );
  return (
    <>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        onClick={() => setOpen(true)}
        data-test="viz-picker"
        rightSection={
          <Text size="xs" c="dimmed">
            {t("View all charts")}
          </Text>
        }
      >
        {vizTypeLabel(value)}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("Change visualization")}
        size="xl"
        data-test="viz-picker-modal"
      >
        <Stack>
          <TextInput
            placeholder={t("Search all charts")}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {list.map((v) => (
              <Card
                key={v.key}
                withBorder
                padding="sm"
                style={{
                  cursor: "pointer",
                  borderColor: v.key === value ? "var(--mantine-primary-color-filled)" : undefined,
                }}
                onClick={() => {
                  onChange(v.key);
                  setOpen(false);
                }}
                data-test={`viz-type-${v.key}`}
                role="button"
                aria-label={t(v.label)}
              >
                <Text fw={600} size="sm">
                  {t(v.label)}
                </Text>
                <Badge size="xs" variant="light" my={4}>
                  {t(v.category)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t(v.description)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Modal>
    </>
  );
}
