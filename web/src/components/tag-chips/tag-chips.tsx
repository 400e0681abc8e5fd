import { Badge, Group } from "@mantine/core";
import type { TagRef } from "@strata/contracts";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { tagEntitiesUrl } from "./tag-url";

/** How many chips a list row or card shows before collapsing the rest. */
export const DEFAULT_MAX_TAGS = 3;

interface Props {
  tags: TagRef[] | undefined;
  /** Past this many, the last visible chip becomes '+N...' (001 §9). */
  maxTags?: number;
}

/**
 * The tags of a list row or card. Each opens its tagged-objects page in a new window (002 §2);
 * past `maxTags` the tail collapses into a '+N...' chip that shows everything when pressed.
 */
export function TagChips({ tags, maxTags = DEFAULT_MAX_TAGS }: Props) {
  const [expanded, setExpanded] = useState(false);
  const all = (tags ?? []).filter((tag) => tag.type === "custom" || !tag.type);
  if (all.length === 0) return null;
  const collapse = !expanded && all.length > maxTags;
  // The '+N...' chip takes the last slot, so a collapsed list is exactly maxTags chips wide.
  const shown = collapse ? all.slice(0, Math.max(maxTags - 1, 0)) : all;
  const hidden = all.length - shown.length;
  return (
    <Group gap={4} wrap="wrap" data-test="tag-chips">
      {shown.map((tag) => (
        <Badge
          key={tag.id}
          component="a"
          href={tagEntitiesUrl(tag.id)}
          target="_blank"
          rel="noreferrer"
          variant="light"
          color="gray"
          size="sm"
          tt="none"
          style={{ cursor: "pointer" }}
          onClick={(e) => e.stopPropagation()}
          data-test="tag-chip"
        >
          {tag.name}
        </Badge>
      ))}
      {collapse && (
        <Badge
          component="button"
          type="button"
          variant="outline"
          color="gray"
          size="sm"
          tt="none"
          style={{ cursor: "pointer" }}
          title={all
            .slice(shown.length)
            .map((tag) => tag.name)
            .join(", ")}
          aria-label={t("Show %s more tags", hidden)}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            setExpanded(true);
          }}
          data-test="tag-chips-more"
        >
          {`+${hidden}...`}
        </Badge>
      )}
    </Group>
  );
}
