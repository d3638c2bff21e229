import { describe, expect, it } from "vitest";
import { shardVersion } from "./shardVersion.js";

describe("shardVersion", () => {
  it("counts UTF-8 bytes, multi-byte characters and surrogate pairs included", () => {
    for (const text of ["", "a", "abcd", "abcde", "é", "€uro", "𝄞 clef", "{\"symbol\":\"ÆTHER🚀\"}"]) {
      expect(shardVersion(text).bytes).toBe(Buffer.byteLength(text, "utf8"));
    }
  });

  it("names different contents differently, a change in the last bytes or the length included", () => {
    const base = JSON.stringify({ v: 2, tokens: [["0x00000000000000000000000000000000000000a1", "USDC", 6, 100, null]] });
    const variants = [base, `${base} `, base.slice(0, -1), base.replace("USDC", "USDT"), base.replace("a1", "a2"), `${base}\u0000`, "", "\u0000", "\u0000\u0000"];
    const versions = variants.map((text) => shardVersion(text).version);
    expect(new Set(versions).size).toBe(variants.length);
  });

  it("is a function of the content alone", () => {
    const text = "x".repeat(1_000) + "é".repeat(333);
    expect(shardVersion(text)).toEqual(shardVersion(text.slice(0, 500) + text.slice(500)));
    expect(shardVersion(text).version).toMatch(/^[0-9a-z]{1,11}$/);
  });
});
