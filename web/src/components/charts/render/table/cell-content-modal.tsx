import { Group, Modal, ScrollArea, Text } from "@mantine/core";
import { t } from "../../../../lib/i18n";
import { CopyTextButton } from "../../../copy-text-button";
import classes from "./cell-content.module.css";

/** Whether a cell holds a structured value (a JSON object or array) worth opening as a tree. */
export const isStructured = (value: unknown): value is object => typeof value === "object" && value !== null;

function Leaf({ value }: { value: unknown }) {
  if (value === null) return <span className={classes.null}>null</span>;
  if (typeof value === "string") return <span className={classes.string}>"{value}"</span>;
  if (typeof value === "number" || typeof value === "boolean")
    return <span className={classes.literal}>{String(value)}</span>;
  return <span>{String(value)}</span>;
}

/** One level of the tree: objects and arrays fold open (the first two levels start open). */
function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const label = name !== undefined ? <span className={classes.key}>{name}: </span> : null;
  if (!isStructured(value)) {
    return (
      <div className={classes.row} role="treeitem" aria-selected={false}>
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details open={depth < 2} className={classes.node} role="treeitem" aria-selected={false}>
      <summary>
        {label}
        <span className={classes.summary}>{summary}</span>
      </summary>
      <div role="group" className={classes.children}>
        {entries.map(([k, v]) => (
          <Node key={k} name={k} value={v} depth={depth + 1} />
        ))}
      </div>
    </details>
  );
}

/** The cell-content modal (001 §2): a structured cell value as a tree, with a copy button. */
export function CellContentModal({
  column,
  value,
  onClose,
}: {
  column: string;
  value: unknown;
  onClose: () => void;
}) {
  const text = JSON.stringify(value, null, 2);
  return (
    <Modal opened onClose={onClose} title={column} size="lg" data-test="cell-content-modal">
      <Group justify="space-between" mb="xs">
        <Text size="xs" c="dimmed">
          {t("Cell content")}
        </Text>
        <CopyTextButton value={text} test="cell-content-copy" />
      </Group>
      <ScrollArea.Autosize mah={480}>
        <div role="tree" className={classes.tree} data-test="cell-content-tree">
          <Node value={value} depth={0} />
        </div>
      </ScrollArea.Autosize>
    </Modal>
  );
}
