import { type RefObject, useEffect, useState } from "react";

const observable = () => typeof IntersectionObserver !== "undefined";

/**
 * Whether an element has come near the viewport (within `rootMargin`), for work worth doing only
 * for what the user may see: a dashboard's charts below the fold draw when scrolled to, a list's
 * card pictures are asked for as the cards come into view. It stays true once reached. Without
 * IntersectionObserver (some test environments) everything counts as near. Nothing is observed
 * while `active` is false; the element is the ref's once it is rendered and active.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { active = true, rootMargin = "200px" }: { active?: boolean; rootMargin?: string } = {},
): boolean {
  const [near, setNear] = useState(() => !observable());
  useEffect(() => {
    const element = ref.current;
    if (!active || near || !element) return;
    if (!observable()) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active, near, rootMargin]);
  return near;
}
