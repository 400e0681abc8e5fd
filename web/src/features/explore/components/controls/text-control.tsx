import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
  isInt?: boolean;
  isFloat?: boolean;
  error?: React.ReactNode;
  placeholder?: string;
  testId: string;
}

/** Numbers are stored as numbers when they parse; otherwise the text is kept for validation. */
export function parseControlText(text: string, opts: { isInt?: boolean; isFloat?: boolean }): unknown {
  if (text.trim() === "") return null;
  if (opts.isInt && /^[-+]?\d+$/.test(text.trim())) return Number(text.trim());
  if (opts.isFloat && Number.isFinite(Number(text.trim()))) return Number(text.trim());
  return text;
}

export function TextControl({ label, value, onChange, isInt, isFloat, error, placeholder, testId }: Props) {
  const [text, setText] = useState(value == null ? "" : String(value));
  useEffect(() => setText(value == null ? "" : String(value)), [value]);
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseControlText(e.currentTarget.value, { isInt, isFloat }));
      }}
      error={error}
      placeholder={placeholder}
      inputMode={isInt || isFloat ? "decimal" : undefined}
      data-test={testId}
    />
  );
}
