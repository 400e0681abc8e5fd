import { Anchor, Card, Checkbox, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import type { CardRenderContext } from "./types";

interface Props {
  title: string;
  /** In-app path or external URL of the item. */
  url?: string;
  subtitle?: ReactNode;
  /** Shown in the card's body, e.g. a type badge or an icon. */
  cover?: ReactNode;
  /** The cover fills the card's top edge to edge, without padding (a picture sized by itself). */
  flushCover?: boolean;
  meta?: ReactNode;
  /** Tag chips under the meta line. */
  tags?: ReactNode;
  actions?: ReactNode;
  ctx: CardRenderContext;
}

function isExternal(url: string): boolean {
  return /^(https?:)?\/\//.test(url);
}

/** A generic card for the card view of any list page. */
export function ListCard({ title, url, subtitle, cover, flushCover, meta, tags, actions, ctx }: Props) {
  const titleNode = url ? (
    isExternal(url) ? (
      <Anchor href={url} fw={600} lineClamp={1}>
        {title}
      </Anchor>
    ) : (
      <Anchor component={Link} to={url} fw={600} lineClamp={1}>
        {title}
      </Anchor>
    )
  ) : (
    <Text fw={600} lineClamp={1}>
      {title}
    </Text>
  );
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      style={ctx.bulkSelect ? { cursor: "pointer" } : undefined}
      onClick={ctx.bulkSelect ? ctx.toggleSelected : undefined}
      bd={ctx.selected ? "2px solid var(--mantine-primary-color-filled)" : undefined}
    >
      {cover && (
        <Card.Section
          inheritPadding={!flushCover}
          py={flushCover ? 0 : "md"}
          bg="var(--mantine-color-gray-0)"
          mb="sm"
        >
          {cover}
        </Card.Section>
      )}
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {ctx.bulkSelect && (
              <Checkbox
                checked={ctx.selected}
                onChange={ctx.toggleSelected}
                onClick={(e) => e.stopPropagation()}
                aria-label={t("Select %s", title)}
              />
            )}
            {titleNode}
          </Group>
          {actions}
        </Group>
        {subtitle && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {subtitle}
          </Text>
        )}
        {meta && <div>{meta}</div>}
        {tags}
      </Stack>
    </Card>
  );
}
