import { useState } from "react";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Local input state of a filter widget that follows the applied value when it changes from
 * outside (clear all filters, browser back) but not when it echoes what the widget itself applied
 * (an invalid range applies nothing, yet the user's typing must stay).
 */
export function useFilterInput<L>(
  value: unknown,
  toLocal: (value: unknown) => L,
  onApply: (value: unknown) => void,
) {
  const [local, setLocal] = useState<L>(() => toLocal(value));
  const [seen, setSeen] = useState<unknown>(value);
  const [sent, setSent] = useState<unknown>(value);
  if (!same(value, seen)) {
    setSeen(value);
    if (!same(value, sent)) {
      setSent(value);
      setLocal(toLocal(value));
    }
  }
  const apply = (next: unknown) => {
    setSent(next);
    if (!same(next, value)) onApply(next);
  };
  return [local, setLocal, apply] as const;
}
