/**
 * A one-page PDF holding one JPEG picture, written by hand: PDF embeds JPEG bytes as they are
 * (DCTDecode), so the document is five small objects around the image. The page is the picture's
 * size in points (96 px = 72 pt), as a dashboard is one long page.
 */
export function jpegPdf(
  jpeg: Uint8Array,
  pixelWidth: number,
  pixelHeight: number,
  cssWidth: number,
  cssHeight: number,
): Blob {
  const w = (cssWidth * 0.75).toFixed(2);
  const h = (cssHeight * 0.75).toFixed(2);
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === "string" ? enc.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: () => void) => {
    offsets.push(length);
    body();
  };
  push("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n");
  object(() => push("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"));
  object(() => push("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"));
  object(() =>
    push(
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>\nendobj\n`,
    ),
  );
  object(() => {
    push(
      `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${pixelWidth} /Height ${pixelHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    );
    push(jpeg);
    push("\nendstream\nendobj\n");
  });
  const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
  object(() => push(`5 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) push(`${String(o).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Blob(parts as BlobPart[], { type: "application/pdf" });
}
