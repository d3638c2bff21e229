import { describe, expect, it } from "vitest";
import { address } from "@sluice/testkit";
import { routabilityChanges } from "./planGraphWrite.js";

describe("routabilityChanges", () => {
  const [a, b, c, d] = [address(1), address(2), address(3), address(4)];

  it("none between a set and itself, or two sets of the same pools", () => {
    const set = new Set([a, b, c]);
    expect(routabilityChanges(set, set)).toEqual([]);
    expect(routabilityChanges(new Set([c, a, b]), set)).toEqual([]);
  });

  it("every pool in exactly one of them: sets of one size, and of different sizes", () => {
    expect(routabilityChanges(new Set([a, b, d]), new Set([a, b, c])).sort()).toEqual([c, d].sort());
    expect(routabilityChanges(new Set([a]), new Set([a, b, c])).sort()).toEqual([b, c].sort());
    expect(routabilityChanges(new Set([a, b, c, d]), new Set([b]))).toEqual([a, c, d]);
  });
});
