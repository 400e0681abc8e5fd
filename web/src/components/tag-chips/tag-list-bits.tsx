import type { TaggableType, TagRef } from "@strata/contracts";
import { useRef, useState } from "react";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import type { BulkAction, ListColumn, ListFilterConfig } from "../list-view";
import { searchTags, TagSearchError } from "./api/search-tags";
import { BulkTagModal } from "./bulk-tag-modal";
import { TagChips } from "./tag-chips";

/** The Tags column of a list (id `tags`, which the tag filter refers to). */
export function tagsColumn<T extends { tags?: TagRef[] }>(): ListColumn<T> {
  return { id: "tags", header: t("Tags"), render: (row) => <TagChips tags={row.tags} /> };
}

/**
 * The Tag filter of a list: tags fetched as one types, the chosen tag's id sent with the
 * resource's named operator (`chart_tags`, `dashboard_tags`...).
 */
export function tagFilter(operator: string): ListFilterConfig {
  return {
    id: "tags",
    title: t("Tag"),
    input: "select",
    operator,
    fetchOptions: async (search, page, pageSize) => {
      const { tags, count } = await searchTags(search, page, pageSize);
      return { options: tags.map((tag) => ({ label: tag.name, value: tag.id })), count };
    },
    describeError: (error) => (error instanceof TagSearchError ? error.message : undefined),
  };
}

/**
 * The bulk 'Tag' action of a list page and the modal it opens. The action resolves once the
 * modal closes, so the selection is kept when the user cancels.
 */
export function useBulkTag<T extends { id: number }>(options: {
  resource: string;
  resourceName: TaggableType;
  noun?: string;
  canTag: boolean;
}) {
  const { resource, resourceName, noun, canTag } = options;
  const [pending, setPending] = useState<{ rows: T[]; settle: (done: boolean) => void } | null>(null);
  // Read when the modal closes, in the same tick as a save: a ref, not state.
  const tagged = useRef(false);

  const actions: BulkAction<T>[] = canTag
    ? [
        {
          key: "tag",
          name: t("Tag"),
          type: "primary",
          onSelect: (rows) =>
            new Promise<boolean>((settle) => {
              tagged.current = false;
              setPending({ rows, settle });
            }),
        },
      ]
    : [];

  const modal = (
    <BulkTagModal
      selected={pending?.rows ?? null}
      resourceName={resourceName}
      noun={noun}
      onTagged={() => {
        tagged.current = true;
        void revalidateResource(resource);
      }}
      onClose={() => {
        pending?.settle(tagged.current);
        setPending(null);
      }}
    />
  );
  return { actions, modal };
}
