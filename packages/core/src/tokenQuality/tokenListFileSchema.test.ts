/** Sluice's zod schema of a Token Lists file agrees with the official JSON schema of `@uniswap/token-lists`. */
import { describe, expect, it } from "vitest";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import officialSchema from "@uniswap/token-lists/src/tokenlist.schema.json" with { type: "json" };
import { tokenListFileSchema } from "./tokenListFileSchema.js";

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const official = ajv.compile(officialSchema);

const good = {
  name: "My Token List", timestamp: "2026-11-01T00:00:00.000Z", version: { major: 1, minor: 2, patch: 3 },
  keywords: ["sluice"], tags: { stable: { name: "Stablecoin", description: "pegged" } }, logoURI: "ipfs://x",
  tokens: [
    { chainId: 8453, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", symbol: "USDC", name: "USD Coin", decimals: 6, tags: ["stable"], logoURI: "https://example.com/usdc.png" },
    { chainId: 1, address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", symbol: "WETH", name: "Wrapped Ether", decimals: 18, extensions: { bridgeInfo: { "10": { tokenAddress: "0x4200000000000000000000000000000000000006" } } } },
  ],
};
const bad: Record<string, unknown> = {
  "no tokens": { ...good, tokens: [] },
  "no name": { ...good, name: undefined },
  "a name with a slash": { ...good, name: "a/b" },
  "a name too long": { ...good, name: "x".repeat(31) },
  "a version as a string": { ...good, version: "1.0.0" },
  "a negative version": { ...good, version: { major: -1, minor: 0, patch: 0 } },
  "a short address": { ...good, tokens: [{ ...good.tokens[0], address: "0x1234" }] },
  "decimals over 255": { ...good, tokens: [{ ...good.tokens[0], decimals: 256 }] },
  "chainId 0": { ...good, tokens: [{ ...good.tokens[0], chainId: 0 }] },
  "a symbol with a space": { ...good, tokens: [{ ...good.tokens[0], symbol: "US DC" }] },
  "a symbol too long": { ...good, tokens: [{ ...good.tokens[0], symbol: "X".repeat(21) }] },
  "an unknown token field": { ...good, tokens: [{ ...good.tokens[0], price: 1 }] },
  "a token without decimals": { ...good, tokens: [{ ...good.tokens[0], decimals: undefined }] },
  "eleven tags": { ...good, tokens: [{ ...good.tokens[0], tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }] },
};

describe("tokenListFileSchema", () => {
  it("accepts what the official schema accepts", () => {
    expect(official(good)).toBe(true);
    expect(tokenListFileSchema.safeParse(good).success).toBe(true);
  });
  it.each(Object.entries(bad))("refuses %s, as the official schema does", (_name, list) => {
    const json = JSON.parse(JSON.stringify(list));
    expect(official(json)).toBe(false);
    expect(tokenListFileSchema.safeParse(json).success).toBe(false);
  });
});
