import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { fetchDashboard } from "../../api/dashboard";
import { saveNativeFilters } from "../../api/save-native-filters";
import type { NativeFilter } from "../../model/dashboard-types";
import { initialDataMask } from "../../model/data-mask";
import {
  changedFilterIds,
  type FilterErrors,
  filterChanges,
  newDivider,
  newNativeFilter,
  PENDING_DELETE_MS,
  validateFilter,
} from "../../model/filter-config";
import { isDivider, withComputedScopes } from "../../model/filter-scope";
import { nativeFiltersOf } from "../../model/hydrate";
import { useDashboard } from "../../state/dashboard-context";
import { FilterConfigForm } from "./filter-config-form";

function SortableItem({
  filter,
  selected,
  pending,
  invalid,
  onSelect,
  onRemove,
  onUndo,
}: {
  filter: NativeFilter;
  selected: boolean;
  pending: boolean;
  invalid: boolean;
  onSelect: () => void;
  onRemove: () => void;
  onUndo: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: filter.id,
    disabled: pending,
  });
  const name = isDivider(filter) ? filter.title || t("[untitled divider]") : filter.name || t("[untitled]");
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        borderColor: selected
          ? "var(--mantine-color-blue-5)"
          : invalid
            ? "var(--mantine-color-red-5)"
            : undefined,
      }}
      data-test="filter-config-item"
      data-filter-id={filter.id}
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        <ActionIcon
          variant="subtle"
          size="sm"
          color="gray"
          aria-label={t("Reorder %s", name)}
          {...attributes}
          {...listeners}
          style={{ cursor: "grab", touchAction: "none" }}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
        {pending ? (
          <>
            <Text size="sm" c="dimmed" td="line-through" style={{ flex: 1 }} truncate="end">
              {name}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={onUndo} data-test="filter-undo-remove">
              {t("Undo?")}
            </Button>
          </>
        ) : (
          <>
            <UnstyledButton onClick={onSelect} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate="end" fs={isDivider(filter) ? "italic" : undefined}>
                {name}
              </Text>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="gray"
              aria-label={t("Remove %s", name)}
              onClick={onRemove}
              data-test="filter-remove"
            >
              <IconTrash size={14} />
            </ActionIcon>
          </>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Native filter configuration (001 §4): add, edit, reorder (drag) and delete filters and
 * dividers; a deleted one can be restored for 5 s; saved with PUT …/filters.
 */
export default function FilterConfigModal({
  onClose,
  initialId,
}: {
  onClose: () => void;
  initialId?: string | null;
}) {
  const { state, dispatch } = useDashboard();
  const original = useMemo(() => nativeFiltersOf(state.metadata), [state.metadata]);
  const [items, setItems] = useState<NativeFilter[]>(() =>
    original.length ? original : [newNativeFilter()],
  );
  const [selectedId, setSelectedId] = useState<string | null>(initialId ?? items[0]?.id ?? null);
  const [pending, setPending] = useState<Record<string, true>>({});
  const [removed, setRemoved] = useState<string[]>([]);
  // Each filter's own field messages, by filter id.
  const {
    busy: saving,
    errors,
    setErrors,
    message: saveError,
    save: run,
  } = useFormSave<FilterErrors>({ fieldMessages: false });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const selected = items.find((f) => f.id === selectedId && !pending[f.id]);
  const update = (next: NativeFilter) => {
    setItems((list) => list.map((f) => (f.id === next.id ? next : f)));
    if (errors[next.id]) setErrors((e) => ({ ...e, [next.id]: validateFilter(next) }));
  };
  const add = (filter: NativeFilter) => {
    setItems((list) => [...list, filter]);
    setSelectedId(filter.id);
  };
  const finalRemove = (id: string) => {
    timers.current.delete(id);
    setPending(({ [id]: _, ...rest }) => rest);
    setItems((list) => list.filter((f) => f.id !== id));
    setRemoved((r) => [...r, id]);
  };
  const remove = (id: string) => {
    setPending((p) => ({ ...p, [id]: true }));
    timers.current.set(
      id,
      setTimeout(() => finalRemove(id), PENDING_DELETE_MS),
    );
    if (selectedId === id) setSelectedId(items.find((f) => f.id !== id && !pending[f.id])?.id ?? null);
  };
  const undoRemove = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setPending(({ [id]: _, ...rest }) => rest);
    setSelectedId(id);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setItems((list) =>
      arrayMove(
        list,
        list.findIndex((f) => f.id === active.id),
        list.findIndex((f) => f.id === over.id),
      ),
    );
  };

  const save = async () => {
    const kept = items.filter((f) => !pending[f.id]);
    const found = Object.fromEntries(
      kept.map((f) => [f.id, validateFilter(f)]).filter(([, e]) => Object.keys(e).length),
    );
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) setSelectedId(firstInvalid);
    const saved = await run(found, async () => {
      const layout = state.layout.present;
      const toSave = withComputedScopes(kept, layout);
      const result = await saveNativeFilters(
        state.info.id,
        filterChanges(toSave, [...removed, ...Object.keys(pending)]),
      );
      const changed = new Set(changedFilterIds(original, result));
      const fresh = await fetchDashboard(state.info.id).catch(() => null);
      dispatch({
        type: "SET_NATIVE_FILTERS",
        filters: result,
        dataMask: initialDataMask(result.filter((f) => changed.has(f.id))),
        lastModifiedTime: fresh?.last_modified_time,
      });
      toast.success(t("The filters have been saved"));
    });
    if (saved) onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size={1000}
      title={t("Add and edit filters")}
      data-test="filter-config-modal"
    >
      {saveError && (
        <Alert color="red" mb="sm">
          {saveError}
        </Alert>
      )}
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack w={240} gap="xs" style={{ flex: "none" }}>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => add(newNativeFilter())}
              data-test="add-filter"
            >
              {t("Add filter")}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => add(newDivider())}
              data-test="add-divider"
            >
              {t("Divider")}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={480}>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={items.map((f) => f.id)} strategy={verticalListSortingStrategy}>
                <Stack gap={4}>
                  {items.map((f) => (
                    <SortableItem
                      key={f.id}
                      filter={f}
                      selected={f.id === selectedId}
                      pending={!!pending[f.id]}
                      invalid={!!errors[f.id] && Object.keys(errors[f.id]).length > 0}
                      onSelect={() => setSelectedId(f.id)}
                      onRemove={() => remove(f.id)}
                      onUndo={() => undoRemove(f.id)}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
          </ScrollArea.Autosize>
        </Stack>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {selected ? (
            <FilterConfigForm
              key={selected.id}
              filter={selected}
              all={items.filter((f) => !pending[f.id])}
              errors={errors[selected.id] ?? {}}
              onChange={update}
            />
          ) : (
            <Text c="dimmed">{t("Add a filter, or pick one to edit.")}</Text>
          )}
        </Box>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={save} loading={saving} data-test="filter-config-save">
          {t("Save")}
        </Button>
      </Group>
    </Modal>
  );
}
