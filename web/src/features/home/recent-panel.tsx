import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { useResourceList } from "../../lib/resource/resource-list";

/** Recent-activity lists: page size 5 (001 §9). */
const RECENT_PAGE_SIZE = 5;

interface Props<T> {
  title: string;
  resource: string;
  listPath: string;
  nameOf: (row: T) => string;
  hrefOf: (row: T) => string;
}

/** The 5 most recently modified items of a resource. */
export function RecentPanel<T extends { id: number; changed_on_delta_humanized?: string }>({
  title,
  resource,
  listPath,
  nameOf,
  hrefOf,
}: Props<T>) {
  const { data, error, isLoading } = useResourceList<T>(resource, {
    order_column: "changed_on_delta_humanized",
    order_direction: "desc",
    page: 0,
    page_size: RECENT_PAGE_SIZE,
  });
  return (
    <Card withBorder radius="md" padding="md" data-test={`recent-${resource}`}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        <Anchor component={Link} to={listPath} size="sm">
          {t("See all")}
        </Anchor>
      </Group>
      {isLoading && <Skeleton height={80} />}
      {error && (
        <Text size="sm" c="dimmed">
          {t("Could not load: %s", error.message)}
        </Text>
      )}
      {data && data.result.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("No Data")}
        </Text>
      )}
      <Stack gap={6}>
        {data?.result.map((row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap">
            <Anchor href={hrefOf(row)} size="sm" lineClamp={1}>
              {nameOf(row)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {row.changed_on_delta_humanized}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
