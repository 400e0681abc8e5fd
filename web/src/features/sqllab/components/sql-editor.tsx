import { sql, StandardSQL } from "@codemirror/lang-sql";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo, useRef } from "react";
import { completionIcons } from "./completion-icons";
import { editorKeymap } from "./editor-keymap";
import { functionCompletion } from "./function-completion";

export interface SqlEditorProps {
  value: string;
  onChange: (sql: string) => void;
  onSelectionChange: (selected: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  /** Ctrl/Cmd+Shift+F. */
  onFormat?: () => void;
  /** Table name → column names, for completion. */
  schema: Record<string, string[]>;
  /** The database's SQL functions, for completion. */
  functionNames?: readonly string[];
  defaultTable?: string;
  height: string;
}

/** Stable while no names are known, so the extensions are not rebuilt on every render. */
const NO_FUNCTIONS: readonly string[] = [];

/** CodeMirror 6 with SQL mode and completion of keywords, tables, columns and functions (lazy chunk). */
export default function SqlEditor({
  value,
  onChange,
  onSelectionChange,
  onRun,
  onFormat,
  schema,
  functionNames = NO_FUNCTIONS,
  height,
}: SqlEditorProps) {
  const keys = useRef({ run: onRun, format: onFormat });
  keys.current = { run: onRun, format: onFormat };
  const extensions = useMemo(
    () => [
      sql({ dialect: StandardSQL, schema, upperCaseKeywords: true }),
      functionCompletion(functionNames, StandardSQL),
      editorKeymap(keys),
      completionIcons,
    ],
    [schema, functionNames],
  );
  return (
    <div
      data-test="sql-editor"
      style={{ height, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}
    >
      <CodeMirror
        value={value}
        height={height}
        extensions={extensions}
        basicSetup={{ lineNumbers: true, foldGutter: false, highlightActiveLine: true }}
        onChange={onChange}
        onUpdate={(vu) => {
          if (!vu.selectionSet) return;
          const sel = vu.state.selection.main;
          onSelectionChange(sel.empty ? "" : vu.state.sliceDoc(sel.from, sel.to));
        }}
      />
    </div>
  );
}
