import { Textarea } from "@mantine/core";
import { useEffect, useState } from "react";

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: React.ReactNode;
  placeholder?: string;
  testId: string;
}

/** Multi-line text (Superset's TextAreaControl): templates and CSS, kept as typed. */
export function TextAreaControl({ label, value, onChange, error, placeholder, testId }: Props) {
  const [text, setText] = useState(value == null ? "" : String(value));
  useEffect(() => setText(value == null ? "" : String(value)), [value]);
  return (
    <Textarea
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(e.currentTarget.value);
      }}
      error={error}
      placeholder={placeholder}
      autosize
      minRows={4}
      maxRows={16}
      styles={{ input: { fontFamily: "monospace", fontSize: 12 } }}
      data-test={testId}
    />
  );
}
