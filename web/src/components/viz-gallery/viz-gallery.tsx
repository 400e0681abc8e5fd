import {
  Badge,
  Box,
  CloseButton,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconCategory, IconClock, IconLayoutGrid, IconSearch, IconStar } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { t } from "../../lib/i18n";
import { VIZ_TYPES, type VizType } from "../charts";
import { galleryInfo } from "./gallery-info";
import {
  categoriesOf,
  type GallerySection,
  offeredTypes,
  searchTypes,
  sectionId,
  typesInSection,
} from "./gallery-model";
import { VizThumbnail } from "./viz-thumbnail";

export interface VizGalleryProps {
  /** The highlighted type (its details show below); null for none. */
  value: string | null;
  onChange: (vizType: string | null) => void;
  /** A type chosen outright: double-click or Enter on its thumbnail. */
  onPick: (vizType: string) => void;
  /** The user's recently used types, most recent first (see useRecentVizTypes). */
  recent: readonly string[];
  /** Height of the whole gallery (CSS length). */
  height?: string | number;
  searchTestId?: string;
}

const THUMB_W = 96;
const THUMB_H = 72;

function Tile({
  v,
  selected,
  recent,
  onSelect,
  onPick,
}: {
  v: VizType;
  selected: boolean;
  recent: boolean;
  onSelect: () => void;
  onPick: () => void;
}) {
  const label = t(v.label);
  return (
    <UnstyledButton
      onClick={onSelect}
      onDoubleClick={onPick}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          onPick();
        }
      }}
      aria-pressed={selected}
      aria-label={label}
      title={t(v.description)}
      data-test={`viz-type-${v.key}`}
      data-recent={recent || undefined}
      style={{ width: THUMB_W + 12, padding: 4, borderRadius: 6 }}
    >
      <Box
        style={{
          position: "relative",
          border: selected
            ? "2px solid var(--mantine-primary-color-filled)"
            : "1px solid var(--mantine-color-default-border)",
          borderRadius: 6,
          padding: selected ? 3 : 4,
          background: "var(--mantine-color-body)",
        }}
      >
        <VizThumbnail vizKey={v.key} label={label} width={THUMB_W - 10} height={THUMB_H - 10} />
        {recent && (
          <IconClock
            size={12}
            aria-label={t("Recently used")}
            style={{ position: "absolute", top: 3, right: 3, color: "var(--mantine-color-dimmed)" }}
          />
        )}
      </Box>
      <Text size="xs" ta="center" mt={4} lineClamp={2} fw={selected ? 600 : 400}>
        {label}
      </Text>
    </UnstyledButton>
  );
}

function Details({ v }: { v: VizType | null }) {
  if (!v) {
    return (
      <Text size="sm" c="dimmed" fs="italic" ta="center" py="md">
        {t("Select a visualization type")}
      </Text>
    );
  }
  const info = galleryInfo(v.key);
  // The registry's tags and the gallery's, each once whatever its case.
  const tags = [
    ...new Map([...(v.tags ?? []), ...info.tags].map((tag) => [tag.toLowerCase(), tag])).values(),
  ];
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg" data-test="viz-gallery-details">
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Title order={4} data-test="viz-gallery-details-name">
            {t(v.label)}
          </Title>
          <Badge variant="light" size="sm">
            {t(v.category)}
          </Badge>
        </Group>
        {tags.length > 0 && (
          <Group gap={4}>
            {tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" size="xs">
                {t(tag)}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="sm">{v.description ? t(v.description) : t("No description available.")}</Text>
      </Stack>
      <Stack gap={4} style={{ flex: "none", width: 320 }}>
        <Text size="sm" fw={600}>
          {t("Examples")}
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box
            style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 6, padding: 4 }}
          >
            <VizThumbnail vizKey={v.key} label={t(v.label)} width={128} height={96} />
          </Box>
          <Stack gap={2}>
            {info.examples.map((example) => (
              <Text key={example} size="xs" c="dimmed">
                {t(example)}
              </Text>
            ))}
          </Stack>
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * Superset's "Choose chart type" gallery: a left list (recently used, all charts, popular, each
 * category), a search over names, tags and descriptions, the thumbnails of the entry chosen, and
 * the highlighted type's description with examples. Reads VIZ_TYPES, so every registered type
 * shows up; legacy keys are drawn when a chart has one but never offered here.
 */
export default function VizGallery({
  value,
  onChange,
  onPick,
  recent,
  height = "70vh",
  searchTestId = "viz-gallery-search",
}: VizGalleryProps) {
  const types = useMemo(() => offeredTypes(VIZ_TYPES), []);
  const categories = useMemo(() => categoriesOf(types), [types]);
  const recentShown = useMemo(() => typesInSection(types, { kind: "recent" }, recent), [types, recent]);
  const [section, setSection] = useState<GallerySection>({ kind: "all" });
  const [search, setSearch] = useState("");
  const searching = search.trim() !== "";
  const shown = useMemo(
    () => (searching ? searchTypes(types, search, t) : typesInSection(types, section, recent)),
    [searching, search, types, section, recent],
  );
  const recentKeys = useMemo(() => new Set(recentShown.map((v) => v.key)), [recentShown]);
  const selected = types.find((v) => v.key === value) ?? null;

  const entry = (s: GallerySection, label: string, icon: React.ReactNode, count: number) => {
    const active = !searching && sectionId(s) === sectionId(section);
    return (
      <UnstyledButton
        key={sectionId(s)}
        onClick={() => {
          setSearch("");
          setSection(s);
        }}
        aria-current={active || undefined}
        data-test={`viz-gallery-section-${sectionId(s)}`}
        px="sm"
        py={6}
        style={{
          borderRadius: 4,
          background: active ? "var(--mantine-primary-color-light)" : undefined,
          color: active ? "var(--mantine-primary-color-light-color)" : undefined,
        }}
      >
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Text size="sm" style={{ flex: 1 }} truncate="end">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {count}
          </Text>
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Stack gap={0} h={height} data-test="viz-gallery" style={{ minHeight: 360 }}>
      <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <ScrollArea
          w={200}
          style={{ flex: "none", borderRight: "1px solid var(--mantine-color-default-border)" }}
        >
          <Stack gap={0} pr="xs" data-test="viz-gallery-sections">
            {recentShown.length > 0 &&
              entry({ kind: "recent" }, t("Recently used"), <IconClock size={14} />, recentShown.length)}
            {entry({ kind: "all" }, t("All charts"), <IconLayoutGrid size={14} />, types.length)}
            {entry(
              { kind: "popular" },
              t("Popular"),
              <IconStar size={14} />,
              typesInSection(types, { kind: "popular" }, recent).length,
            )}
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
              {t("Category")}
            </Text>
            {categories.map((category) =>
              entry(
                { kind: "category", category },
                t(category),
                <IconCategory size={14} />,
                types.filter((v) => v.category === category).length,
              ),
            )}
          </Stack>
        </ScrollArea>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }} pl="sm">
          <TextInput
            placeholder={t("Search all charts")}
            leftSection={<IconSearch size={14} />}
            rightSection={
              search ? (
                <CloseButton size="sm" aria-label={t("Clear search")} onClick={() => setSearch("")} />
              ) : null
            }
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
            data-test={searchTestId}
          />
          <ScrollArea style={{ flex: 1 }} data-test="viz-gallery-thumbnails">
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl" data-test="viz-gallery-empty">
                {t("No results found")}
              </Text>
            ) : (
              <Group gap={6} align="flex-start">
                {shown.map((v) => (
                  <Tile
                    key={v.key}
                    v={v}
                    selected={v.key === value}
                    recent={recentKeys.has(v.key)}
                    onSelect={() => onChange(v.key)}
                    onPick={() => onPick(v.key)}
                  />
                ))}
              </Group>
            )}
          </ScrollArea>
        </Stack>
      </Group>
      <Box
        pt="sm"
        mt="xs"
        style={{ flex: "none", borderTop: "1px solid var(--mantine-color-default-border)", minHeight: 150 }}
      >
        <Details v={selected} />
      </Box>
    </Stack>
  );
}
