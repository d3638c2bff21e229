import { describe, expect, it } from "vitest";
import { isAddress } from "viem";
import { freshAddress } from "./freshAddress.js";

describe("freshAddress", () => {
  it("is a valid address, a different one each time", () => {
    const addresses = Array.from({ length: 20 }, freshAddress);
    expect(addresses.every((address) => isAddress(address, { strict: false }))).toBe(true);
    expect(new Set(addresses).size).toBe(20);
  });
});
