import { Anchor, Box, Card, Center, Code, Group, Text } from "@mantine/core";
import { IconChartBar, IconLayoutDashboard } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ThumbnailImage } from "../../../components/thumbnail";
import { localizeHumanized, t } from "../../../lib/i18n";

const COVER_HEIGHT = 120;

interface Props {
  kind: "dashboard" | "chart" | "saved_query";
  title: string;
  url: string;
  modified: string;
  thumbnailUrl?: string | null;
  /** A saved query's cover: its SQL, as Superset's home shows it. */
  sql?: string;
  /** The favourite star, for what can be starred. */
  star?: ReactNode;
}

function Cover({ kind, thumbnailUrl, sql }: Pick<Props, "kind" | "thumbnailUrl" | "sql">) {
  if (kind === "saved_query") {
    return (
      <Code block h={COVER_HEIGHT} style={{ overflow: "hidden", whiteSpace: "pre-wrap" }}>
        {sql ?? ""}
      </Code>
    );
  }
  // Until its picture is there, or when it has none (or thumbnails are off): a neutral
  // placeholder of the same height keeps the grid even.
  const Icon = kind === "dashboard" ? IconLayoutDashboard : IconChartBar;
  return (
    <ThumbnailImage
      url={thumbnailUrl}
      height={COVER_HEIGHT}
      fallback={
        <Center h={COVER_HEIGHT} bg="gray.1" data-test="thumbnail-placeholder">
          <Icon size={40} color="var(--mantine-color-gray-5)" />
        </Center>
      }
    />
  );
}

/** A home panel card: cover, title (a link to the object), when it changed, and its star. */
export function ObjectCard({ kind, title, url, modified, thumbnailUrl, sql, star }: Props) {
  return (
    <Card withBorder radius="md" padding="sm" data-test="home-card">
      <Card.Section>
        <Anchor component={Link} to={url} underline="never" c="inherit" aria-hidden tabIndex={-1}>
          <Cover kind={kind} thumbnailUrl={thumbnailUrl} sql={sql} />
        </Anchor>
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" mt="xs" gap={4}>
        <Box style={{ minWidth: 0 }}>
          <Anchor component={Link} to={url} fw={600} size="sm" lineClamp={1} data-test="home-card-title">
            {title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t("Modified %s", localizeHumanized(modified))}
          </Text>
        </Box>
        {star}
      </Group>
    </Card>
  );
}
