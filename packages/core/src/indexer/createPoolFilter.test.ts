import { describe, expect, it } from "vitest";
import { keccak256, toHex, type Address } from "viem";
import { createPoolFilter } from "./createPoolFilter.js";

/** Deterministic addresses from keccak, as CREATE2 derives them. */
function addresses(count: number, seed: number): Address[] {
  return Array.from({ length: count }, (_, i) => keccak256(toHex(`${seed}:${i}`)).slice(0, 42) as Address);
}

describe("createPoolFilter", () => {
  it("holds every address added, in any case, across encode and decode; few others", () => {
    const added = addresses(20_000, 1);
    const filter = createPoolFilter({ pools: added.length });
    for (const a of added) filter.add(a);
    const decoded = createPoolFilter({ text: filter.encode() });
    expect(decoded.bits).toBe(filter.bits);
    for (const a of added) {
      expect(decoded.mayHold(a)).toBe(true);
      expect(decoded.mayHold(a.toUpperCase().replace("0X", "0x") as Address)).toBe(true);
    }
    const others = addresses(20_000, 2);
    const falsePositives = others.filter((a) => decoded.mayHold(a)).length;
    expect(falsePositives / others.length).toBeLessThan(0.03);
  });

  it("sizes itself at about 10 bits a pool, a power of two, never past 2^22 bits (683 KB as text)", () => {
    expect(createPoolFilter({ pools: 0 }).bits).toBe(1024);
    expect(createPoolFilter({ pools: 1_000 }).bits).toBe(16_384);
    const ethereum = createPoolFilter({ pools: 440_000 });
    expect(ethereum.bits).toBe(2 ** 22);
    expect(ethereum.encode().length).toBeLessThan(700_000);
  });

  it("add says whether it changed anything: adding again does not", () => {
    const filter = createPoolFilter({ pools: 10 });
    const [a] = addresses(1, 3);
    expect(filter.mayHold(a!)).toBe(false);
    expect(filter.add(a!)).toBe(true);
    expect(filter.add(a!)).toBe(false);
  });
});
