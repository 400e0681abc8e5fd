import CodeMirror from "@uiw/react-codemirror";

interface Props {
  value: string;
  onChange: (css: string) => void;
  "aria-label"?: string;
}

/**
 * The CSS text in CodeMirror (line numbers, bracket matching, undo history), loaded as a lazy
 * chunk. No CSS grammar: `@codemirror/lang-css` is not among the workspace's dependencies.
 */
export default function CssEditor({ value, onChange, ...rest }: Props) {
  return (
    <CodeMirror
      value={value}
      height="280px"
      basicSetup={{ lineNumbers: true, foldGutter: false, autocompletion: false }}
      onChange={onChange}
      aria-label={rest["aria-label"]}
      data-test="css-editor"
    />
  );
}
