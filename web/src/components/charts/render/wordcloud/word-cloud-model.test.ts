import { describe, expect, it } from "vitest";
import { cloudWords, rotationOf, seededRandom } from "./word-cloud-model";

describe("word cloud words", () => {
  it("sizes words linearly from zero onto [size_from, size_to], largest first", () => {
    const words = cloudWords(
      {
        datasource: "1__table",
        viz_type: "word_cloud",
        series: "name",
        metric: "sum__num",
        size_from: 10,
        size_to: 70,
      },
      [
        {
          data: [
            { name: "Amy", sum__num: 50 },
            { name: "Bob", sum__num: 100 },
            { name: null, sum__num: 0 },
          ],
        } as never,
      ],
    );
    expect(words.map((w) => [w.text, w.size])).toEqual([
      ["Bob", 70],
      ["Amy", 40],
      ["<NULL>", 10],
    ]);
    expect(words[2].raw).toBeNull();
  });

  it("rotates as Superset's flat, square and random options, reproducibly", () => {
    const random = seededRandom(1);
    const square = rotationOf("square", random);
    const angles = Array.from({ length: 20 }, square);
    expect(new Set(angles)).toEqual(new Set([0, 90]));
    expect(rotationOf("flat", random)()).toBe(0);
    const tilted = Array.from({ length: 50 }, rotationOf("random", seededRandom(2)));
    expect(tilted.every((a) => a % 30 === 0 && a >= -90 && a <= 60)).toBe(true);
    expect(Array.from({ length: 3 }, seededRandom(7))).toEqual(Array.from({ length: 3 }, seededRandom(7)));
  });
});
