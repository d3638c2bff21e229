import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bitmapFromTickList, nextInitializedTickInList, tickListFromBitmap, type TickList } from "../tickList.js";
import { nextInitializedTickWithinOneWord } from "./nextInitializedTickWithinOneWord.js";

function listOf(ticks: number[]): TickList {
  return [...new Set(ticks)].sort((a, b) => a - b).map((index) => ({ index, liquidityNet: 1n }));
}

// Vectors from Uniswap v3-core test/TickBitmap.spec.ts (tick spacing 1), run on both the bitmap and the list form.
describe("nextInitializedTickWithinOneWord", () => {
  const base = [-200, -55, -4, 70, 78, 84, 139, 240, 535];
  const cases: ReadonlyArray<[string, number[], number, boolean, number, boolean]> = [
    ["right of an initialized tick", [], 78, false, 84, true],
    ["right of an initialized negative tick", [], -55, false, -4, true],
    ["the tick directly to the right", [], 77, false, 78, true],
    ["the negative tick directly to the right", [], -56, false, -55, true],
    ["on the right boundary", [], 255, false, 511, false],
    ["on the right boundary (negative)", [], -257, false, -200, true],
    ["next initialized tick from the next word", [340], 328, false, 340, true],
    ["does not exceed the boundary", [], 508, false, 511, false],
    ["skips half word", [], 383, false, 511, false],
    ["same tick if initialized", [], 78, true, 78, true],
    ["tick directly to the left", [], 79, true, 78, true],
    ["will not exceed the word boundary", [], 258, true, 256, false],
    ["at the word boundary", [], 256, true, 256, false],
    ["word boundary less 1", [], 72, true, 70, true],
    ["negative word boundary", [], -257, true, -512, false],
    ["entire empty word", [], 1023, true, 768, false],
    ["halfway through an empty word", [], 900, true, 768, false],
    ["boundary is initialized", [329], 456, true, 329, true],
  ];
  it.each(cases)("%s", (_, extra, tick, lte, next, initialized) => {
    const list = listOf([...base, ...extra]);
    const bitmap = bitmapFromTickList(list, 1);
    expect(nextInitializedTickWithinOneWord(bitmap, tick, 1, lte)).toEqual({ next, initialized });
    expect(nextInitializedTickInList(list, tick, 1, lte)).toEqual({ next, initialized });
  });

  it("the list form equals the bitmap form for every spacing, tick and direction", () => {
    const spacing = fc.constantFrom(1, 10, 60, 200);
    fc.assert(
      fc.property(
        spacing,
        fc.array(fc.integer({ min: -3000, max: 3000 }), { maxLength: 40 }),
        fc.integer({ min: -800_000, max: 800_000 }),
        fc.boolean(),
        fc.integer({ min: -4000, max: 4000 }),
        (s, compressed, center, lte, offset) => {
          const list = listOf(compressed.map((c) => (Math.trunc(center / s) + c) * s));
          const bitmap = bitmapFromTickList(list, s);
          const tick = center + offset * s + (offset % 7);
          expect(nextInitializedTickInList(list, tick, s, lte)).toEqual(nextInitializedTickWithinOneWord(bitmap, tick, s, lte));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("tickListFromBitmap inverts bitmapFromTickList", () => {
    const list = listOf([-600, -60, 0, 60, 15360, 15420]).map((t, i) => ({ ...t, liquidityNet: BigInt(i + 1) }));
    const bitmap = bitmapFromTickList(list, 60);
    const nets = new Map(list.map((t) => [t.index, t.liquidityNet]));
    expect(tickListFromBitmap(bitmap, nets, 60)).toEqual(list);
  });
});
