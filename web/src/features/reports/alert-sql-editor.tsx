import { sql, StandardSQL } from "@codemirror/lang-sql";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo } from "react";

interface Props {
  value: string;
  onChange: (sql: string) => void;
}

/** The alert's SQL in CodeMirror with SQL mode, as in SQL Lab (a lazy chunk). */
export default function AlertSqlEditor({ value, onChange }: Props) {
  const extensions = useMemo(() => [sql({ dialect: StandardSQL, upperCaseKeywords: true })], []);
  return (
    <CodeMirror
      value={value}
      height="120px"
      extensions={extensions}
      basicSetup={{ lineNumbers: true, foldGutter: false }}
      onChange={onChange}
    />
  );
}
