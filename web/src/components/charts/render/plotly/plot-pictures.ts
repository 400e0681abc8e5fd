import { version as plotlyVersion } from "plotly.js/src/version";
import type { Figure } from "./figures/types";

/**
 * Pictures of Plotly charts this tab has drawn, shown again instead of drawing again.
 *
 * A static Plotly draw is a pure function of the figure (traces and layout), the box size and
 * Plotly's version: the same inputs make the same SVG. Drawing costs ~7 ms a chart on this kind
 * of machine, most of it Plotly measuring text and laying out twice when a legend or long tick
 * labels push the margins; putting back the SVG it made last time costs ~1 ms, and needs no
 * Plotly code at all. So a dashboard reloaded, or opened again from the list, shows every chart
 * it drew before at once, and only a chart the pointer reaches is drawn by Plotly (as a static
 * plot already was).
 *
 * The key is the figure's text, so a chart shows a picture only of exactly the data it has just
 * received for the current user: nothing stale, nothing another query returned. Pictures live in
 * memory and in sessionStorage (this tab only, gone with it, and cleared at log-out), bounded in
 * number and size.
 */

/**
 * A chart shown as its picture, as its owner receives it in place of a plot: it carries the
 * figure and size it shows, from which Plotly can still draw an image to download.
 */
export type PictureElement = HTMLElement & { plotFigure?: Figure };

const PREFIX = "strata.plot.";
/** Pictures kept per tab: a few dashboards' worth. */
const MAX_PICTURES = 120;
/** A picture larger than this (a scatter of thousands of points) is cheaper to draw than to store. */
const MAX_PICTURE_CHARS = 200_000;

/** Pictures by key, oldest first (a read moves one to the end). */
const pictures = new Map<string, string>();
let loadedFromStorage = false;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

function loadFromStorage() {
  if (loadedFromStorage) return;
  loadedFromStorage = true;
  const store = storage();
  if (!store) return;
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (!name?.startsWith(PREFIX)) continue;
    const markup = store.getItem(name);
    if (markup) pictures.set(name.slice(PREFIX.length), markup);
  }
}

/**
 * Three polynomial hashes of the text, each modulo a different prime below 2^20, with its length.
 * Every value stays a small integer: V8 holds those unboxed even before it optimises the loop,
 * where 32-bit hashes (FNV and the like) make a heap number of most steps: ~0.9 MB of garbage as
 * a 20-chart dashboard opened (V8's sampling heap profiler), a fifth of what its charts allocate
 * beyond a 1-chart dashboard's.
 * Not a secret: a clash would need two figures this tab drew to agree on three residues and a length.
 */
function fingerprint(text: string): string {
  let a = 0;
  let b = 0;
  let c = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = (a * 31 + code) % 1048573;
    b = (b * 37 + code) % 1048571;
    c = (c * 41 + code) % 1048559;
  }
  return `${a.toString(36)}.${b.toString(36)}.${c.toString(36)}.${text.length.toString(36)}`;
}

/** The key of a figure (its JSON text) drawn in a box of this size. */
export function pictureKey(figureText: string, width: number, height: number): string {
  return `${plotlyVersion}.${Math.round(width)}x${Math.round(height)}.${fingerprint(figureText)}`;
}

/** Whether this tab holds any picture: if not, a chart about to draw will need Plotly itself. */
export function hasPictures(): boolean {
  loadFromStorage();
  return pictures.size > 0;
}

export function readPicture(key: string): string | undefined {
  loadFromStorage();
  const markup = pictures.get(key);
  if (markup === undefined) return undefined;
  pictures.delete(key);
  pictures.set(key, markup);
  return markup;
}

/**
 * Keeps the SVG layers of a static plot under its key, as one text: the layers one after the
 * other, each an `<svg>` element, ready to be parsed as they are.
 */
export function keepPicture(key: string, plot: Element): void {
  loadFromStorage();
  const serializer = new XMLSerializer();
  const markup = [...plot.querySelectorAll("svg.main-svg")]
    .map((svg) => serializer.serializeToString(withoutEmptyGroups(svg)))
    .join("");
  if (!markup) return;
  if (markup.length > MAX_PICTURE_CHARS) return;
  pictures.delete(key);
  pictures.set(key, markup);
  while (pictures.size > MAX_PICTURES) forget(pictures.keys().next().value as string);
  const store = storage();
  if (!store) return;
  try {
    store.setItem(PREFIX + key, markup);
  } catch {
    // The tab's storage is full: the oldest half goes, then one more try; memory keeps it anyway.
    const old = [...pictures.keys()].slice(0, Math.ceil(pictures.size / 2));
    for (const name of old) if (name !== key) store.removeItem(PREFIX + name);
    try {
      store.setItem(PREFIX + key, markup);
    } catch {
      // still no room: this picture stays in memory only
    }
  }
}

/**
 * A copy of a layer without the groups that hold nothing: Plotly lays out a group for every kind
 * of thing a plot may have (shapes, images, selections, menus…), and they are two fifths of a
 * picture's elements, each parsed, styled and laid out for nothing when the picture is shown.
 */
function withoutEmptyGroups(svg: Element): Element {
  const copy = svg.cloneNode(true) as Element;
  const groups = [...copy.querySelectorAll("g")].reverse(); // innermost first: emptied parents go too
  for (const group of groups) if (group.childNodes.length === 0) group.remove();
  return copy;
}

function forget(key: string) {
  pictures.delete(key);
  storage()?.removeItem(PREFIX + key);
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * Puts a picture's SVG layers into `layer`. They are parsed in an inert template (nothing in it
 * loads or runs) and checked before they enter the page: SVG elements only, each layer an `<svg>`,
 * no script, no foreign HTML, no event-handler attributes. Anything else leaves the layer as it
 * was and says no. (The HTML parser reads the layers XMLSerializer wrote as the same SVG tree,
 * twice as fast as an XML parse.) The loops are indexed, not iterated: a dashboard checks a
 * thousand elements or more as it opens, and each step of an iterator is an object to collect.
 */
export function showPicture(layer: Element, markup: string): boolean {
  const template = layer.ownerDocument.createElement("template");
  template.innerHTML = markup;
  const content = template.content;
  const layers = content.childNodes;
  if (layers.length === 0) return false;
  for (let i = 0; i < layers.length; i++) {
    const node = layers[i];
    if (!(node instanceof Element) || node.localName !== "svg" || node.namespaceURI !== SVG) return false;
  }
  const elements = content.querySelectorAll("*");
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    if (
      element.namespaceURI !== SVG ||
      element.localName === "script" ||
      element.localName === "foreignObject"
    )
      return false;
    // Names only: reading them through `attributes` makes an Attr object of each, three times slower.
    const names = element.getAttributeNames();
    for (let j = 0; j < names.length; j++) if (names[j].startsWith("on")) return false;
  }
  // Moved out of the template, not copied: the page adopts the parsed nodes as they are.
  layer.replaceChildren(content);
  return true;
}

/** Drops every picture (log-out: the next user of this tab finds none of them). */
export function clearPictures(): void {
  for (const key of [...pictures.keys()]) forget(key);
  const store = storage();
  if (store)
    for (let i = store.length - 1; i >= 0; i--) {
      const name = store.key(i);
      if (name?.startsWith(PREFIX)) store.removeItem(name);
    }
}
