import { Badge, Group, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import { useDashboard } from "../../state/dashboard-context";

/** The cross filters in effect (one per emitting chart), each with a way to clear it. */
export function CrossFilterChips({ inline }: { inline?: boolean }) {
  const { state, dispatch } = useDashboard();
  const active = Object.entries(state.dataMask).filter(
    ([id, m]) => /^\d+$/.test(id) && m.extraFormData?.filters?.length,
  );
  if (!active.length) return null;
  const chips = active.map(([id, mask]) => (
    <Badge
      key={id}
      variant="light"
      rightSection={<IconX size={10} />}
      style={{ cursor: "pointer", textTransform: "none" }}
      title={t("Clear cross-filter")}
      onClick={() =>
        dispatch({
          type: "SET_DATA_MASK",
          dataMask: { [id]: { id, extraFormData: {}, filterState: { value: null } } },
        })
      }
      data-test="cross-filter-chip"
    >
      {state.charts[Number(id)]?.sliceName ?? `#${id}`}: {String(mask.filterState.column ?? "")} ={" "}
      {mask.filterState.label}
    </Badge>
  ));
  return inline ? (
    <Group gap={4}>{chips}</Group>
  ) : (
    <Stack gap={4} data-test="cross-filters">
      <Text size="sm" fw={500}>
        {t("Cross-filters")}
      </Text>
      {chips}
    </Stack>
  );
}
