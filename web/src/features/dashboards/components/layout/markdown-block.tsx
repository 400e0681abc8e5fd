import { ActionIcon, Box, Loader, Paper, Textarea, Tooltip } from "@mantine/core";
import { IconEye, IconPencil } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
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

/**
 * Markdown component: sanitised HTML. In edit mode, as in Superset, a click on it opens its source
 * editor and a click anywhere outside it shows the preview again (the toolbar toggle does either).
 */
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
  // Leaving the editor can commit twice (the press outside, then the textarea's blur): the text
  // last sent is remembered so the second is a no-op rather than another undo step.
  const sent = useRef(item.meta.code);
  useEffect(() => {
    sent.current = item.meta.code;
  }, [item.meta.code]);
  const commit = () => {
    if (draft === sent.current) return;
    sent.current = draft;
    dispatch({ type: "UPDATE_META", id: item.id, meta: { code: draft } });
  };
  const editor = useRef<HTMLTextAreaElement>(null);
  // Opened by a click: the source takes the focus, so typing starts at once.
  useEffect(() => {
    if (editing) editor.current?.focus();
  }, [editing]);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (!editing) return;
    // A press outside the component (its toolbar and resize handle are inside) ends editing. Pointer
    // down, not click: a drag started elsewhere ends it too, and it runs before the toggle's click.
    const outside = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (target?.closest?.(`[data-component-id="${CSS.escape(item.id)}"]`)) return;
      commitRef.current();
      setEditing(false);
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [editing, item.id]);
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
            ref={editor}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onBlur={commit}
            autosize={false}
            styles={{ input: { height: height - 24, fontFamily: "monospace" } }}
            aria-label={t("Markdown source")}
            data-test="markdown-editor"
          />
        ) : (
          <Box
            data-test="markdown-preview"
            style={state.editMode ? { cursor: "text", minHeight: "100%" } : undefined}
            onClick={(e) => {
              if (!state.editMode) return;
              // A link in the text would leave the builder and its unsaved edits.
              e.preventDefault();
              setEditing(true);
            }}
          >
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
