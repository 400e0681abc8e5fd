/**
 * One ResizeObserver for every chart on the page: a dashboard of 50 charts would otherwise hold
 * 50 observers, each delivering its own callback round. Each element's callback runs on the next
 * frame after its box changed (several changes in a frame: once), never for the first report of
 * the size it was drawn at.
 */
const callbacks = new Map<Element, () => void>();
const frames = new Map<Element, number>();
/** The last size seen: the observer's first report (the size the chart was drawn at) is no change. */
const sizes = new Map<Element, string>();
let observer: ResizeObserver | undefined;

export function observeResize(element: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      const target = entry.target;
      const size = `${entry.contentRect.width}x${entry.contentRect.height}`;
      const before = sizes.get(target);
      sizes.set(target, size);
      if (before === undefined || before === size) continue;
      cancelAnimationFrame(frames.get(target) ?? 0);
      frames.set(
        target,
        requestAnimationFrame(() => {
          frames.delete(target);
          callbacks.get(target)?.();
        }),
      );
    }
  });
  callbacks.set(element, onResize);
  observer.observe(element);
  return () => {
    cancelAnimationFrame(frames.get(element) ?? 0);
    frames.delete(element);
    callbacks.delete(element);
    sizes.delete(element);
    observer?.unobserve(element);
  };
}
