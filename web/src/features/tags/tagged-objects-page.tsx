import { Anchor, Button, Center, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { TaggedObject } from "@strata/contracts";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { ErrorAlert } from "../../components/error-display/error-alert";
import { PageHeader } from "../../components/page-header";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { useTag } from "./api/tag";
import { useTaggedObjects } from "./api/tagged-objects";
import { TAGS } from "./api/tags";
import { TagModal } from "./tag-modal";

/** The sections of the page, in Superset's order; datasets only when some carry the tag. */
const SECTIONS: { type: string; title: string; always: boolean }[] = [
  { type: "dashboard", title: t("Dashboards"), always: true },
  { type: "chart", title: t("Charts"), always: true },
  { type: "saved_query", title: t("Saved queries"), always: true },
  { type: "dataset", title: t("Datasets"), always: false },
];

const isExternal = (url: string) => /^(https?:)?\/\//.test(url);

function EntityTable({ type, title, rows }: { type: string; title: string; rows: TaggedObject[] }) {
  return (
    <Paper withBorder p="md" data-test={`tagged-${type}`}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("No %s with this tag", title.toLowerCase())}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Name")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={`${o.type}-${o.id}`}>
                <Table.Td>
                  {isExternal(o.url) ? (
                    <Anchor href={o.url}>{o.name}</Anchor>
                  ) : (
                    <Anchor component={Link} to={o.url} data-test="tagged-object-link">
                      {o.name}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** `/superset/all_entities/?id=`: the dashboards, charts and saved queries carrying one tag. */
export default function TaggedObjectsPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const perms = useResourcePermissions(TAGS);
  const tag = useTag(id);
  const objects = useTaggedObjects(id);
  const [editing, setEditing] = useState(false);

  if (id === null) return <ErrorAlert title={t("Tag not found")} subtitle={t("The address names no tag.")} />;
  if (tag.error) return <ApiErrorDisplay error={tag.error} />;
  if (!tag.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const all = objects.data ?? [];
  return (
    <>
      <PageHeader
        title={
          <span data-test="tag-title">
            {t("Tag")}: {tag.data.name}
          </span>
        }
        actions={
          perms.canWrite && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              data-test="edit-tag"
            >
              {t("Edit Tag")}
            </Button>
          )
        }
      />
      {tag.data.description && (
        <Text c="dimmed" mb="md">
          {tag.data.description}
        </Text>
      )}
      {objects.error ? (
        <ApiErrorDisplay error={objects.error} />
      ) : !objects.data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Stack gap="md">
          {all.length === 0 && (
            <Text data-test="tagged-empty">{t("No entities have this tag currently assigned")}</Text>
          )}
          {SECTIONS.map((s) => {
            const rows = all.filter((o) => o.type === s.type);
            return s.always || rows.length > 0 ? (
              <EntityTable key={s.type} type={s.type} title={s.title} rows={rows} />
            ) : null;
          })}
        </Stack>
      )}
      <TagModal
        tag={editing ? tag.data : null}
        onClose={() => {
          setEditing(false);
          void tag.mutate();
        }}
      />
    </>
  );
}
