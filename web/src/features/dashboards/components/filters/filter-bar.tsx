import {
  ActionIcon,
  Box,
  Button,
  Collapse,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconChevronLeft, IconFilter, IconSettings } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { t } from "../../../../lib/i18n";
import { visibleChartIds } from "../../model/active-tabs";
import type { DataMask, DataMaskMap, NativeFilter } from "../../model/dashboard-types";
import { cascadeExtraFormData, emptyMask, filterError } from "../../model/data-mask";
import { cascadeOrder, isDivider, isFilterInView } from "../../model/filter-scope";
import { nativeFiltersOf } from "../../model/hydrate";
import { useDashboard } from "../../state/dashboard-context";
import { CrossFilterChips } from "./cross-filter-chips";
import { FilterControl } from "./filter-control";
import classes from "./filter-bar.module.css";

const sameMask = (a: DataMask | undefined, b: DataMask | undefined) =>
  JSON.stringify(a?.extraFormData ?? {}) === JSON.stringify(b?.extraFormData ?? {}) &&
  JSON.stringify(a?.filterState?.value ?? null) === JSON.stringify(b?.filterState?.value ?? null);

function FilterLabel({ filter }: { filter: NativeFilter }) {
  return (
    <Text size="sm" fw={500} component="span" title={filter.description || undefined}>
      {filter.name || t("[untitled]")}
      {filter.controlValues?.enableEmptyFilter && (
        <Text span c="red" ml={2} aria-hidden>
          *
        </Text>
      )}
    </Text>
  );
}

/**
 * Native filter bar (vertical and collapsible, or horizontal): selections are pending until
 * "Apply filters"; invalid or missing required values keep it disabled.
 */
export function FilterBar({ onConfigure }: { onConfigure: () => void }) {
  const { state, dispatch, permissions } = useDashboard();
  const filters = useMemo(() => nativeFiltersOf(state.metadata), [state.metadata]);
  const horizontal = state.metadata.filter_bar_orientation === "HORIZONTAL";
  const [open, setOpen] = useState(true);
  const [showOutOfScope, setShowOutOfScope] = useState(false);
  const [selected, setSelected] = useState<DataMaskMap>(() => state.dataMask);
  // Masks applied elsewhere (configuration saved, first value chosen) replace those selections
  // only: other pending selections stay.
  const applied = useRef(state.dataMask);
  useEffect(() => {
    const previous = applied.current;
    applied.current = state.dataMask;
    setSelected((current) => {
      const next: DataMaskMap = {};
      for (const [id, mask] of Object.entries(state.dataMask))
        next[id] = previous[id] !== mask ? mask : (current[id] ?? mask);
      return next;
    });
  }, [state.dataMask]);
  const layout = state.layout.present;
  const visible = useMemo(
    () => new Set(visibleChartIds(layout, state.activeTabs)),
    [layout, state.activeTabs],
  );
  const real = filters.filter((f) => !isDivider(f));
  const errors = Object.fromEntries(real.map((f) => [f.id, filterError(f, selected[f.id])]));
  const dirty = real.some((f) => !sameMask(selected[f.id], state.dataMask[f.id]));
  const invalid = Object.values(errors).some(Boolean);
  const apply = (masks: DataMaskMap = selected) => dispatch({ type: "SET_DATA_MASK", dataMask: masks });
  const change = (mask: DataMask, options?: { apply?: boolean }) => {
    setSelected((s) => ({ ...s, [mask.id]: mask }));
    if (options?.apply) apply({ [mask.id]: mask });
  };
  const clearAll = () => {
    const cleared = Object.fromEntries(real.map((f) => [f.id, emptyMask(f.id)]));
    setSelected((s) => ({ ...s, ...cleared }));
    apply(cleared);
  };

  const ordered = cascadeOrder(filters);
  const inView = ordered.filter(({ filter }) => isDivider(filter) || isFilterInView(filter, layout, visible));
  const outOfView = ordered.filter(
    ({ filter }) => !isDivider(filter) && !isFilterInView(filter, layout, visible),
  );

  const renderFilter = ({ filter, level }: { filter: NativeFilter; level: number }) => {
    if (isDivider(filter)) {
      return (
        <Box key={filter.id} className={horizontal ? classes.hDivider : undefined} data-test="filter-divider">
          <Text fw={600} size="sm">
            {filter.title}
          </Text>
          {filter.description && (
            <Text size="xs" c="dimmed">
              {filter.description}
            </Text>
          )}
          {!horizontal && <Divider mt={4} />}
        </Box>
      );
    }
    return (
      <Box
        key={filter.id}
        pl={horizontal ? 0 : level * 12}
        className={horizontal ? classes.hItem : undefined}
        data-test="native-filter"
        data-filter-id={filter.id}
        data-filter-name={filter.name}
        // Hovering or focusing a filter highlights the charts it applies to (000 §4).
        onMouseEnter={() => dispatch({ type: "SET_HOVERED_FILTER", id: filter.id })}
        onMouseLeave={() => dispatch({ type: "SET_HOVERED_FILTER", id: null })}
        onFocus={() => dispatch({ type: "SET_FOCUSED_FILTER", id: filter.id })}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null))
            dispatch({ type: "SET_FOCUSED_FILTER", id: null });
        }}
      >
        <FilterControl
          filter={filter}
          mask={selected[filter.id]}
          parents={cascadeExtraFormData(filter, filters, selected)}
          onChange={change}
          error={errors[filter.id]}
          label={<FilterLabel filter={filter} />}
        />
      </Box>
    );
  };

  const actions = (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => apply()} disabled={!dirty || invalid} data-test="filter-bar-apply">
        {t("Apply filters")}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        onClick={clearAll}
        disabled={!real.length}
        data-test="filter-bar-clear"
      >
        {t("Clear all")}
      </Button>
    </Group>
  );
  const configure = permissions.canEdit && (
    <Tooltip label={t("Add or edit filters")}>
      <ActionIcon
        variant="subtle"
        onClick={onConfigure}
        aria-label={t("Add or edit filters")}
        data-test="filter-bar-settings"
      >
        <IconSettings size={16} />
      </ActionIcon>
    </Tooltip>
  );

  if (horizontal) {
    return (
      <Paper withBorder p="xs" mb="md" data-test="filter-bar" data-orientation="horizontal">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Group gap={4}>
            <IconFilter size={16} />
            <Text size="sm" fw={600}>
              {t("Filters")}
            </Text>
            {configure}
          </Group>
          {inView.map(renderFilter)}
          {filters.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("No filters are currently added to this dashboard.")}
            </Text>
          )}
          <CrossFilterChips inline />
          <Box ml="auto">{actions}</Box>
        </Group>
      </Paper>
    );
  }

  if (!open) {
    return (
      <Paper
        withBorder
        p={4}
        className={classes.collapsed}
        data-test="filter-bar"
        data-orientation="vertical"
        data-collapsed
      >
        <Tooltip label={t("Expand filter bar")}>
          <ActionIcon
            variant="subtle"
            onClick={() => setOpen(true)}
            aria-label={t("Expand filter bar")}
            data-test="filter-bar-expand"
          >
            <IconFilter size={16} />
          </ActionIcon>
        </Tooltip>
      </Paper>
    );
  }
  return (
    <Paper withBorder className={classes.vertical} data-test="filter-bar" data-orientation="vertical">
      <Group justify="space-between" p="xs" wrap="nowrap">
        <Group gap={4}>
          <Text fw={600}>{t("Filters")}</Text>
          {configure}
        </Group>
        <ActionIcon
          variant="subtle"
          onClick={() => setOpen(false)}
          aria-label={t("Collapse filter bar")}
          data-test="filter-bar-collapse"
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Group>
      <Box className={classes.scroller} px="xs" data-test="filter-bar-scroller">
        <Stack gap="sm" pb="sm">
          <CrossFilterChips />
          {inView.map(renderFilter)}
          {filters.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("No filters are currently added to this dashboard.")}
            </Text>
          )}
          {outOfView.length > 0 && (
            <>
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => setShowOutOfScope((v) => !v)}
                data-test="filters-out-of-scope"
              >
                {t("Filters out of scope (%s)", outOfView.length)}
              </Button>
              <Collapse expanded={showOutOfScope}>
                <Stack gap="sm">{outOfView.map(renderFilter)}</Stack>
              </Collapse>
            </>
          )}
        </Stack>
      </Box>
      <Box p="xs" className={classes.footer}>
        {actions}
      </Box>
    </Paper>
  );
}
