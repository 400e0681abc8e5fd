/**
 * Encodings Superset's example loaders add to map tables: Google's encoded polyline (bart_lines)
 * and geohash (long_lat). The geohash runs in SQL, as a DuckDB macro, over 260k rows.
 */

/** Encodes coordinate pairs, each component rounded to 1e-5, in the order given (as `polyline.encode`). */
export function encodePolyline(points: readonly (readonly number[])[]): string {
  let out = "";
  let prevA = 0;
  let prevB = 0;
  for (const [a, b] of points) {
    const ia = Math.round(a * 1e5);
    const ib = Math.round(b * 1e5);
    out += encodeSigned(ia - prevA) + encodeSigned(ib - prevB);
    prevA = ia;
    prevB = ib;
  }
  return out;
}

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = "";
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

/** Spreads a 30-bit integer's bits to the even positions of a 60-bit one (Morton code step). */
const SPREAD_STEPS: [number, string][] = [
  [16, "281470681808895"], // 0x0000FFFF0000FFFF
  [8, "71777214294589695"], // 0x00FF00FF00FF00FF
  [4, "1085102592571150095"], // 0x0F0F0F0F0F0F0F0F
  [2, "3689348814741910323"], // 0x3333333333333333
  [1, "6148914691236517205"], // 0x5555555555555555
];

/**
 * DuckDB macros for a 12-character geohash. Each coordinate becomes a 30-bit integer (its position
 * in the range: the outcome of 30 bisections); interleaving them, longitude first, gives the
 * 60-bit code whose 5-bit groups are the characters. Bit tricks instead of per-bit lists keep it
 * to ~1 µs per row.
 *
 * Use in three steps so no expression is repeated: `strata_geo_bits` per coordinate, then
 * `strata_geohash_interleave(lat_bits, lon_bits)`, then `strata_geohash_text(code)`.
 */
export const GEOHASH_MACROS = [
  `CREATE OR REPLACE TEMP MACRO strata_geo_bits(v, lo, span) AS
     LEAST(CAST(FLOOR((v - lo) / span * 1073741824) AS BIGINT), 1073741823)`,
  "CREATE OR REPLACE TEMP MACRO strata_spread_step(x, k, m) AS (x | (x << k)) & m",
  `CREATE OR REPLACE TEMP MACRO strata_spread(x) AS ${SPREAD_STEPS.reduce((x, [k, m]) => `strata_spread_step(${x}, ${k}, ${m})`, "x")}`,
  "CREATE OR REPLACE TEMP MACRO strata_geohash_interleave(lat_bits, lon_bits) AS (strata_spread(lon_bits) << 1) | strata_spread(lat_bits)",
  `CREATE OR REPLACE TEMP MACRO strata_geohash_text(code) AS ${Array.from(
    { length: 12 },
    (_, i) => `SUBSTR('${BASE32}', 1 + CAST((code >> ${55 - 5 * i}) & 31 AS INTEGER), 1)`,
  ).join(" || ")}`,
];

/** The same geohash in JS (tests, and small inputs). */
export function geohash(lat: number, lon: number, length = 12): string {
  let latLo = -90;
  let latHi = 90;
  let lonLo = -180;
  let lonHi = 180;
  let out = "";
  let bits = 0;
  let value = 0;
  let even = true;
  while (out.length < length) {
    if (even) {
      const mid = (lonLo + lonHi) / 2;
      value = value * 2 + (lon >= mid ? 1 : 0);
      if (lon >= mid) lonLo = mid;
      else lonHi = mid;
    } else {
      const mid = (latLo + latHi) / 2;
      value = value * 2 + (lat >= mid ? 1 : 0);
      if (lat >= mid) latLo = mid;
      else latHi = mid;
    }
    even = !even;
    bits += 1;
    if (bits === 5) {
      out += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return out;
}
