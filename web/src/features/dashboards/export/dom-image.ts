/**
 * A picture of part of the page, drawn by the browser itself: the element is cloned with every
 * computed style written inline (so the copy looks the same outside the page's stylesheets),
 * wrapped in an SVG <foreignObject>, loaded as an image and painted on a canvas. No library for
 * this is installed; the technique needs none, and charts drawn as SVG (Plotly) come along as is.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Each tag's style with no author CSS, read in a blank frame: a property left at that value
 * needs no inline copy, which keeps the picture's markup (and its decoding) small.
 */
class DefaultStyles {
  private frame: HTMLIFrameElement | null = null;
  private cache = new Map<string, Map<string, string>>();

  of(element: Element): Map<string, string> {
    const key = `${element.namespaceURI}|${element.localName}`;
    const known = this.cache.get(key);
    if (known) return known;
    if (!this.frame) {
      this.frame = document.createElement("iframe");
      this.frame.setAttribute("aria-hidden", "true");
      this.frame.style.cssText =
        "position:fixed;left:-10000px;top:0;width:100px;height:100px;visibility:hidden";
      document.body.appendChild(this.frame);
    }
    const doc = this.frame.contentDocument;
    const values = new Map<string, string>();
    if (doc?.body) {
      const probe = doc.createElementNS(element.namespaceURI, element.localName);
      doc.body.appendChild(probe);
      const computed = doc.defaultView?.getComputedStyle(probe);
      if (computed)
        for (let i = 0; i < computed.length; i++)
          values.set(computed[i], computed.getPropertyValue(computed[i]));
      probe.remove();
    }
    this.cache.set(key, values);
    return values;
  }

  dispose() {
    this.frame?.remove();
    this.frame = null;
  }
}

/**
 * Copies the computed style of `source` onto `target` (and so on down the tree). A property is
 * written when it differs from the tag's default, or when the parent's differs (an inherited
 * value would otherwise reach the copy where the original overrides it back to the default).
 */
function inlineStyles(
  source: Element,
  target: Element,
  defaults: DefaultStyles,
  parent?: CSSStyleDeclaration,
) {
  const computed = getComputedStyle(source);
  const style = (target as HTMLElement | SVGElement).style;
  if (style) {
    const base = defaults.of(source);
    for (let i = 0; i < computed.length; i++) {
      const name = computed[i];
      const value = computed.getPropertyValue(name);
      const initial = base.get(name);
      if (value === initial && (!parent || parent.getPropertyValue(name) === initial)) continue;
      style.setProperty(name, value, computed.getPropertyPriority(name));
    }
  }
  // Canvases (WebGL traces) keep their pixels only as a picture of them.
  if (source instanceof HTMLCanvasElement && target instanceof HTMLCanvasElement) {
    const img = document.createElement("img");
    try {
      img.src = source.toDataURL();
    } catch {
      // A tainted canvas cannot be read: it is left blank in the picture.
    }
    img.setAttribute("style", style.cssText);
    target.replaceWith(img);
    return;
  }
  if (source instanceof HTMLInputElement && target instanceof HTMLInputElement) {
    target.setAttribute("value", source.value);
  }
  if (source instanceof HTMLTextAreaElement && target instanceof HTMLTextAreaElement) {
    target.textContent = source.value;
  }
  const from = source.children;
  const to = target.children;
  for (let i = 0; i < from.length && i < to.length; i++) inlineStyles(from[i], to[i], defaults, computed);
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("The picture of the page could not be drawn."));
    img.src = url;
  });
}

/** The element drawn on a canvas at the screen's pixel density, on a white background. */
export async function elementToCanvas(element: HTMLElement): Promise<HTMLCanvasElement> {
  const width = Math.ceil(Math.max(element.scrollWidth, element.getBoundingClientRect().width));
  const height = Math.ceil(Math.max(element.scrollHeight, element.getBoundingClientRect().height));
  const clone = element.cloneNode(true) as HTMLElement;
  const defaults = new DefaultStyles();
  try {
    inlineStyles(element, clone, defaults);
  } finally {
    defaults.dispose();
  }
  clone.style.margin = "0";
  clone.style.width = `${width}px`;
  clone.style.height = `${height}px`;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const object = document.createElementNS(SVG_NS, "foreignObject");
  object.setAttribute("x", "0");
  object.setAttribute("y", "0");
  object.setAttribute("width", "100%");
  object.setAttribute("height", "100%");
  object.appendChild(clone);
  svg.appendChild(object);
  const markup = new XMLSerializer().serializeToString(svg);
  const img = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
  const scale = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw pictures of the page.");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return canvas;
}

export function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be encoded."))),
      type,
      quality,
    ),
  );
}

/** The element as a PNG file's bytes. */
export async function elementToPng(element: HTMLElement): Promise<Blob> {
  return canvasBlob(await elementToCanvas(element), "image/png");
}
