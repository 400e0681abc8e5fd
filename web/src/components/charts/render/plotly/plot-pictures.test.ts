import { beforeEach, describe, expect, it, vi } from "vitest";

const SVG = "http://www.w3.org/2000/svg";

/** A stand-in for a drawn static plot: two `main-svg` layers, one holding a label. */
function plotWith(label: string, extra = 0): HTMLElement {
  const plot = document.createElement("div");
  for (const layerName of ["plot", "info"]) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "main-svg");
    svg.setAttribute("width", "400");
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("class", layerName === "info" ? "legendtext" : "slicetext");
    text.textContent = layerName === "info" ? label : "x".repeat(extra);
    svg.appendChild(text);
    plot.appendChild(svg);
  }
  return plot;
}

async function fresh() {
  vi.resetModules();
  return import("./plot-pictures");
}

beforeEach(() => {
  sessionStorage.clear();
});

describe("plot pictures", () => {
  it("keys a figure by its text and its box size", async () => {
    const { pictureKey } = await fresh();
    const figure = JSON.stringify({ data: [{ type: "pie", values: [1, 2] }], layout: {} });
    expect(pictureKey(figure, 400, 300)).toBe(pictureKey(figure, 400.2, 300));
    expect(pictureKey(figure, 401, 300)).not.toBe(pictureKey(figure, 400, 300));
    expect(pictureKey(figure, 400, 320)).not.toBe(pictureKey(figure, 400, 300));
    const other = JSON.stringify({ data: [{ type: "pie", values: [1, 3] }], layout: {} });
    expect(pictureKey(other, 400, 300)).not.toBe(pictureKey(figure, 400, 300));
  });

  it("shows a kept picture's SVG layers, labels as text, and keeps it for this tab", async () => {
    const first = await fresh();
    expect(first.hasPictures()).toBe(false);
    const label = '<img src=x onerror=alert(1)> & "quoted"';
    first.keepPicture("k1", plotWith(label));
    expect(first.hasPictures()).toBe(true);

    // A new page in the same tab (modules loaded again) finds it in sessionStorage.
    const again = await fresh();
    const markup = again.readPicture("k1");
    expect(markup).toBeDefined();
    const layer = document.createElement("div");
    expect(again.showPicture(layer, markup!)).toBe(true);
    const svgs = [...layer.children];
    expect(svgs.map((s) => [s.localName, s.namespaceURI])).toEqual([
      ["svg", SVG],
      ["svg", SVG],
    ]);
    expect(layer.querySelector(".legendtext")?.textContent).toBe(label);
    expect(layer.querySelector("img")).toBeNull();
    expect(again.readPicture("other")).toBeUndefined();
  });

  it("leaves out the groups that hold nothing, and only those, without touching the plot", async () => {
    const store = await fresh();
    const plot = plotWith("a");
    const svg = plot.querySelector("svg")!;
    // An empty group, a group holding only an empty group, and a group holding the label.
    const empty = svg.appendChild(document.createElementNS(SVG, "g"));
    empty.setAttribute("class", "shapelayer");
    const outer = svg.appendChild(document.createElementNS(SVG, "g"));
    outer.appendChild(document.createElementNS(SVG, "g"));
    const kept = svg.appendChild(document.createElementNS(SVG, "g"));
    kept.setAttribute("class", "legend");
    kept.appendChild(svg.querySelector("text")!);
    store.keepPicture("k", plot);
    const layer = document.createElement("div");
    expect(store.showPicture(layer, store.readPicture("k")!)).toBe(true);
    const first = layer.querySelector("svg")!;
    expect([...first.querySelectorAll("g")].map((g) => g.getAttribute("class"))).toEqual(["legend"]);
    expect(first.querySelector(".legend .slicetext")).not.toBeNull();
    expect(plot.querySelectorAll("g")).toHaveLength(4); // the live plot keeps its own
  });

  it("refuses a picture that is not SVG layers alone", async () => {
    const { showPicture } = await fresh();
    const layer = document.createElement("div");
    layer.textContent = "before";
    const scripted = `<svg xmlns="${SVG}"><script>alert(1)</script></svg>`;
    expect(showPicture(layer, scripted)).toBe(false);
    expect(showPicture(layer, "<div>not svg</div>")).toBe(false);
    expect(showPicture(layer, `<svg xmlns="${SVG}"><rect onload="alert(1)"/></svg>`)).toBe(false);
    expect(showPicture(layer, `<svg xmlns="${SVG}"></svg><img src="x">`)).toBe(false);
    const foreign = `<svg xmlns="${SVG}"><foreignObject><div>html</div></foreignObject></svg>`;
    expect(showPicture(layer, foreign)).toBe(false);
    expect(showPicture(layer, "just text")).toBe(false);
    expect(showPicture(layer, `<svg xmlns="${SVG}"></svg> trailing text`)).toBe(false);
    expect(showPicture(layer, "")).toBe(false);
    // A picture kept before pictures were stored as plain markup (a JSON list of layers).
    expect(showPicture(layer, JSON.stringify([`<svg xmlns="${SVG}"></svg>`]))).toBe(false);
    expect(layer.textContent).toBe("before");
  });

  it("keeps a bounded number of pictures, the least recently shown going first, and none too large", async () => {
    const store = await fresh();
    for (let i = 0; i < 121; i++) store.keepPicture(`k${i}`, plotWith(`chart ${i}`));
    expect(store.readPicture("k0")).toBeUndefined();
    expect(sessionStorage.getItem("strata.plot.k0")).toBeNull();
    expect(store.readPicture("k1")).toBeDefined(); // read: now the most recent
    store.keepPicture("k121", plotWith("chart 121"));
    expect(store.readPicture("k1")).toBeDefined();
    expect(store.readPicture("k2")).toBeUndefined();

    store.keepPicture("huge", plotWith("big", 250_000));
    expect(store.readPicture("huge")).toBeUndefined();
  });

  it("forgets every picture when cleared (log-out), and nothing else in the tab's storage", async () => {
    const store = await fresh();
    sessionStorage.setItem("unrelated", "kept");
    store.keepPicture("k1", plotWith("a"));
    store.keepPicture("k2", plotWith("b"));
    store.clearPictures();
    expect(store.hasPictures()).toBe(false);
    expect(Object.keys(sessionStorage)).toEqual(["unrelated"]);
    expect((await fresh()).readPicture("k1")).toBeUndefined();
  });
});
