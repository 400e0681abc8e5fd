import { TextInput } from "@mantine/core";
import { type CSSProperties, useEffect, useState } from "react";

/** Text that becomes an input on click when editable; commits on Enter or blur, Escape cancels. */
export function EditableText({
  value,
  placeholder,
  editable,
  onChange,
  style,
  testId,
  label,
}: {
  value: string;
  placeholder?: string;
  editable: boolean;
  onChange: (value: string) => void;
  style?: CSSProperties;
  testId?: string;
  label: string;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  if (!editable || !editing) {
    return (
      <span
        style={{ ...style, cursor: editable ? "text" : undefined }}
        onClick={editable ? () => setEditing(true) : undefined}
        onKeyDown={editable ? (e) => e.key === "Enter" && setEditing(true) : undefined}
        tabIndex={editable ? 0 : undefined}
        role={editable ? "button" : undefined}
        aria-label={editable ? label : undefined}
        data-test={testId}
      >
        {value || placeholder}
      </span>
    );
  }
  const commit = () => {
    setEditing(false);
    if (draft !== value) onChange(draft);
  };
  return (
    <TextInput
      autoFocus
      size="xs"
      value={draft}
      aria-label={label}
      placeholder={placeholder}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
        if (e.key === "Escape") {
          setDraft(value);
          setEditing(false);
        }
      }}
      onPointerDown={(e) => e.stopPropagation()}
      data-test={testId ? `${testId}-input` : undefined}
    />
  );
}
