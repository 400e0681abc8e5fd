import { useState } from "react";

/**
 * A modal's subject that outlives its closing: the last non-null value stays drawn while the
 * modal animates closed, and `opening` changes on every opening (a key that resets the form).
 */
export function useLastValue<T>(value: T | null): { value: T | null; opening: number } {
  const [state, setState] = useState({ last: value, open: value !== null, opening: 0 });
  const open = value !== null;
  if (open !== state.open || (open && value !== state.last)) {
    setState({
      last: open ? value : state.last,
      open,
      opening: open && !state.open ? state.opening + 1 : state.opening,
    });
  }
  return { value: value ?? state.last, opening: state.opening };
}
