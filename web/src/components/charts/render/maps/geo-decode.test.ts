import { describe, expect, it } from "vitest";
import {
  decodeGeohash,
  decodeLine,
  decodePolyline,
  pickerColor,
  rowPosition,
  spatialColumns,
} from "./geo-decode";

describe("map positions", () => {
  it("names the columns of each spatial control type, none when incomplete", () => {
    expect(spatialColumns({ type: "latlong", lonCol: "LON", latCol: "LAT" })).toEqual(["LON", "LAT"]);
    expect(spatialColumns({ type: "delimited", lonlatCol: "delimited" })).toEqual(["delimited"]);
    expect(spatialColumns({ type: "geohash", geohashCol: "geohash" })).toEqual(["geohash"]);
    expect(spatialColumns({ type: "latlong", lonCol: "LON" })).toEqual([]);
    expect(spatialColumns(undefined)).toEqual([]);
  });

  it("reads a row's position as [lon, lat], swapped on request, out-of-range positions dropped", () => {
    const row = { LON: -122.4, LAT: 37.7, delimited: "37.7,-122.4", geohash: "ezs42" };
    expect(rowPosition(row, { type: "latlong", lonCol: "LON", latCol: "LAT" })).toEqual([-122.4, 37.7]);
    expect(rowPosition(row, { type: "delimited", lonlatCol: "delimited" })).toEqual([-122.4, 37.7]);
    const [lon, lat] = rowPosition(row, { type: "geohash", geohashCol: "geohash" })!;
    expect(lon).toBeCloseTo(-5.6, 1);
    expect(lat).toBeCloseTo(42.6, 1);
    // Swapped, 37.7/-122.4 becomes a latitude of -122.4: not a place.
    expect(
      rowPosition(row, { type: "latlong", lonCol: "LON", latCol: "LAT", reverseCheckbox: true }),
    ).toBeNull();
    expect(rowPosition({ LON: null, LAT: 1 }, { type: "latlong", lonCol: "LON", latCol: "LAT" })).toBeNull();
    expect(rowPosition({ LON: "x", LAT: 1 }, { type: "latlong", lonCol: "LON", latCol: "LAT" })).toBeNull();
  });

  it("decodes geohashes to their cell centre and refuses other text", () => {
    const [lon, lat] = decodeGeohash("9q8yy")!;
    expect(lat).toBeCloseTo(37.77, 1);
    expect(lon).toBeCloseTo(-122.41, 1);
    expect(decodeGeohash("a!")).toBeNull();
    expect(decodeGeohash("")).toBeNull();
  });

  it("decodes Google's encoded polylines in the order the pairs were written", () => {
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });

  it("reads line columns as JSON pairs, GeoJSON, polylines or geohash lists", () => {
    const pairs = [
      [-122.4, 37.7],
      [-122.3, 37.8],
    ];
    expect(decodeLine(JSON.stringify(pairs), "json")).toEqual(pairs);
    expect(decodeLine({ type: "Polygon", coordinates: [pairs] }, "json")).toEqual(pairs);
    expect(decodeLine({ type: "LineString", coordinates: pairs }, "json")).toEqual(pairs);
    expect(decodeLine("_p~iF~ps|U_ulLnnqC", "polyline", true)).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
    ]);
    expect(decodeLine("ezs42,9q8yy", "geohash")).toHaveLength(2);
    expect(decodeLine("{not json", "json")).toEqual([]);
  });

  it("turns the colour picker's value into CSS", () => {
    expect(pickerColor({ r: 1, g: 2, b: 3, a: 0.5 })).toBe("rgba(1,2,3,0.5)");
    expect(pickerColor(undefined, "red")).toBe("red");
  });
});
