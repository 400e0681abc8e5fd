/**
 * Tells the renderer when the page is done: `data-rendered="true"` on <body> once every chart
 * has drawn, or `data-render-error` with the first failure. Only the first outcome counts.
 */
export interface RenderSignal {
  drawn(chartId: number): void;
  failed(chartTitle: string, message: string): void;
}

export function createRenderSignal(
  chartIds: readonly number[],
  body: HTMLElement,
  settle: () => Promise<void> = afterPaint,
): RenderSignal {
  const pending = new Set(chartIds);
  let finished = false;
  const finish = (apply: () => void) => {
    if (finished) return;
    finished = true;
    apply();
  };
  const done = () => {
    // Let the last layout and paint happen (fonts, grid measurements) before capture.
    void settle().then(() =>
      finish(() => {
        body.dataset.rendered = "true";
      }),
    );
  };
  if (pending.size === 0) done();
  return {
    drawn(chartId) {
      if (!pending.delete(chartId) || pending.size > 0) return;
      done();
    },
    failed(chartTitle, message) {
      finish(() => {
        body.dataset.renderError = `Chart "${chartTitle}" could not be drawn: ${message}`;
      });
    },
  };
}

async function afterPaint(): Promise<void> {
  await document.fonts?.ready;
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
