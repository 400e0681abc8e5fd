import { useEffect, useState } from "react";

const observable = () => typeof IntersectionObserver !== "undefined";

/**
 * Whether an element has come near the viewport (within `rootMargin`), for work worth doing only
 * for what the user may see. It stays true once reached. Without IntersectionObserver (some test
 * environments) everything counts as near. Nothing is observed while `active` is false.
 */
export function useNearViewport<T extends Element>(
  active = true,
  rootMargin = "200px",
): [ref: (element: T | null) => void, near: boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => !observable());
  useEffect(() => {
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
  }, [active, near, element, rootMargin]);
  return [setElement, near];
}
