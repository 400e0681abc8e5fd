import { describe, expect, it } from "vitest";
import { jpegPdf } from "./image-pdf";

describe("the one-picture PDF", () => {
  it("embeds the JPEG bytes as they are, on a page of the picture's size, with a correct xref", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const bytes = new Uint8Array(await jpegPdf(jpeg, 200, 100, 100, 50).arrayBuffer());
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("/MediaBox [0 0 75.00 37.50]");
    expect(text).toContain("/Width 200 /Height 100");
    expect(text).toContain(`/Filter /DCTDecode /Length ${jpeg.length}`);
    // Every xref entry points at the start of its object.
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    for (const [i, o] of offsets.entries()) {
      expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    }
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });
});
