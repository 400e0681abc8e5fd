import { Anchor, Button, Text } from "@mantine/core";
import type { TagRow } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { lastModifiedColumn, recencySortOptions, rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { TAGS } from "./api/tags";
import { tagPaths } from "./paths";
import { TagModal } from "./tag-modal";

const filters: ListFilterConfig[] = [{ id: "name", title: t("Search"), input: "search", operator: "ct" }];

const sortOptions = recencySortOptions("name");

/** `/superset/tags/`: every tag, each linking to the objects that carry it. */
export default function TagsListPage() {
  const perms = useResourcePermissions(TAGS);
  const [editing, setEditing] = useState<TagRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<TagRow>({
    resource: TAGS,
    label: "tag",
    nameOf: (tag) => tag.name,
  });
  const columns = useMemo<ListColumn<TagRow>[]>(
    () => [
      {
        id: "name",
        header: t("Name"),
        sortable: true,
        render: (tag) => (
          <Anchor component={Link} to={tagPaths.entities(tag.id)} data-test="tag-link">
            {tag.name}
          </Anchor>
        ),
      },
      {
        id: "description",
        header: t("Description"),
        render: (tag) => (
          <Text size="sm" lineClamp={2} maw={420}>
            {tag.description}
          </Text>
        ),
      },
      lastModifiedColumn<TagRow>(),
      rowActionsColumn({ canWrite: perms.canWrite, askDelete, onEdit: (tag) => setEditing(tag) }),
    ],
    [perms.canWrite, askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("Tags")}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="btn-add-tag"
            >
              {t("Tag")}
            </Button>
          )
        }
      />
      <ListView<TagRow>
        resource={TAGS}
        resourceLabel="tag"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        defaultSort={{ id: "name", desc: false }}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <TagModal tag={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
