/** Decoders for the encoded positions deck.gl charts read from a column. */

const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

/** A geohash's cell: its south, west, north and east edges. */
export function geohashBox(hash: string): { s: number; w: number; n: number; e: number } {
  let [s, n, w, e] = [-90, 90, -180, 180];
  let even = true;
  for (const ch of hash.toLowerCase()) {
    const bits = BASE32.indexOf(ch);
    if (bits < 0) throw new Error(`Invalid geohash: ${hash}`);
    for (let mask = 16; mask; mask >>= 1) {
      const on = (bits & mask) !== 0;
      if (even) {
        const mid = (w + e) / 2;
        if (on) w = mid;
        else e = mid;
      } else {
        const mid = (s + n) / 2;
        if (on) s = mid;
        else n = mid;
      }
      even = !even;
    }
  }
  return { s, w, n, e };
}

/** A geohash's centre as [longitude, latitude]. */
export function geohashCentre(hash: string): [number, number] {
  const b = geohashBox(hash);
  return [(b.w + b.e) / 2, (b.s + b.n) / 2];
}

/** A geohash's cell as a closed ring of [longitude, latitude] corners. */
export function geohashRing(hash: string): [number, number][] {
  const b = geohashBox(hash);
  return [
    [b.w, b.n],
    [b.e, b.n],
    [b.e, b.s],
    [b.w, b.s],
    [b.w, b.n],
  ];
}

/** Google's encoded polyline (precision 5) → [latitude, longitude] pairs. */
export function decodePolyline(text: string): [number, number][] {
  const points: [number, number][] = [];
  let [i, lat, lng] = [0, 0, 0];
  const next = () => {
    let [shift, result, byte] = [0, 0, 0x20];
    while (byte >= 0x20) {
      if (i >= text.length) throw new Error("Truncated polyline");
      byte = text.charCodeAt(i++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (i < text.length) {
    lat += next();
    lng += next();
    points.push([lat / 1e5, lng / 1e5]);
  }
  return points;
}

/**
 * "lat, lon" text (what geopy's Point reads from a delimited column) → [latitude, longitude];
 * null for an empty cell.
 */
export function parseDelimitedPoint(value: unknown): [number, number] | null {
  if (value === null || value === undefined || value === "") return null;
  const parts = String(value)
    .split(/[,\s;]+/)
    .filter(Boolean)
    .map(Number);
  if (parts.length < 2 || parts.some((p) => !Number.isFinite(p))) {
    throw new Error(`Invalid spatial point encountered: ${String(value)}`);
  }
  return [parts[0], parts[1]];
}
