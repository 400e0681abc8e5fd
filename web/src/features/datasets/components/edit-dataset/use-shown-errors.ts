import { type FocusEvent, useState } from "react";

/**
 * Which required fields show their message: all of them once `all` (a saved item, or a save was
 * tried), else those the user has left. A new item starts blank, and red "required" messages
 * before anything could be typed only said what the user was about to do.
 */
export function useShownErrors(all: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const shows = (field: string) => all || touched.has(field);
  shows.touch = (field: string) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  return shows;
}

/** A blur handler calling `then` when the focus leaves the element's fields for good (not for a sibling field). */
export const leftItem = (then: (() => void) | undefined) => (event: FocusEvent<HTMLElement>) => {
  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) then?.();
};
