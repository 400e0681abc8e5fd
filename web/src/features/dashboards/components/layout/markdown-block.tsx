import { ActionIcon, Box, Loader, Paper, Textarea, Tooltip } from "@mantine/core";
import { IconEye, IconPencil } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { t } from "../../../../lib/i18n";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard, useGridMetrics } from "../../state/dashboard-context";
import { EditChrome } from "./edit-chrome";
import type { NodeProps } from "./node-renderer";
import { clampHeight } from "../../model/layout-ops";
import { ResizeHandle, type ResizeSize } from "./resize-handle";
import { heightPx, maxWidthInParent, metaHeight, metaWidth, widthPx } from "./sizing";
import { lazyComponent } from "../../../../lib/lazy-part";

const MarkdownView = lazyComponent(() => import("./markdown-view"), <Loader size="xs" />);

/** Markdown component: sanitised HTML; in edit mode a source editor with a preview toggle. */
export function MarkdownBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state, dispatch } = useDashboard();
  const { columnWidth } = useGridMetrics();
  const layout = state.layout.present;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState((item.meta.code as string) ?? "");
  const [preview, setPreview] = useState<ResizeSize | null>(null);
  useEffect(() => setDraft((item.meta.code as string) ?? ""), [item.meta.code]);
  useEffect(() => {
    if (!state.editMode) setEditing(false);
  }, [state.editMode]);
  // The block is drawn in its parent: no walk of the whole layout to find it.
  const parent = layout[parentId];
  const inColumn = parent?.type === "COLUMN";
  const max = maxWidthInParent(layout, item, parent);
  const columns = inColumn ? metaWidth(parent) : (preview?.width ?? metaWidth(item));
  const width = widthPx(Math.max(1, Math.min(columns, Math.max(max, 1))), columnWidth);
  const height = heightPx(preview?.height ?? metaHeight(item));
  const commit = () => {
    if (draft !== item.meta.code) dispatch({ type: "UPDATE_META", id: item.id, meta: { code: draft } });
  };
  const tools = (
    <Tooltip label={editing ? t("Preview") : t("Edit")}>
      <ActionIcon
        size="sm"
        variant="default"
        aria-label={editing ? t("Preview") : t("Edit markdown")}
        data-test="markdown-toggle"
        onClick={() => {
          if (editing) commit();
          setEditing(!editing);
        }}
      >
        {editing ? <IconEye size={14} /> : <IconPencil size={14} />}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <EditChrome
      component={item}
      parentId={parentId}
      index={index}
      label={t("Markdown")}
      tools={tools}
      style={{ width, flex: "none" }}
    >
      <Paper
        withBorder={state.editMode}
        radius="sm"
        style={{ width, height, overflow: "auto" }}
        p="xs"
        data-test="dashboard-markdown"
      >
        {editing ? (
          <Textarea
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onBlur={commit}
            autosize={false}
            styles={{ input: { height: height - 24, fontFamily: "monospace" } }}
            aria-label={t("Markdown source")}
            data-test="markdown-editor"
          />
        ) : (
          <Box onDoubleClick={() => state.editMode && setEditing(true)}>
            <MarkdownView source={(item.meta.code as string) ?? ""} />
          </Box>
        )}
      </Paper>
      {state.editMode && (
        <ResizeHandle
          size={{ width: metaWidth(item), height: metaHeight(item) }}
          columnWidth={columnWidth}
          adjustWidth={!inColumn}
          adjustHeight
          onResize={(s) =>
            setPreview({ width: Math.max(1, Math.min(s.width, max)), height: clampHeight(s.height) })
          }
          onResizeStop={(s) => {
            setPreview(null);
            dispatch({
              type: "RESIZE",
              id: item.id,
              width: inColumn ? undefined : s.width,
              height: s.height,
              maxWidth: max,
            });
          }}
        />
      )}
    </EditChrome>
  );
}
