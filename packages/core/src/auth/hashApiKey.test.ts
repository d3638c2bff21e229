import { describe, expect, it } from "vitest";
import { hashApiKey } from "./hashApiKey.js";

describe("hashApiKey", () => {
  it("is the hex SHA-256 of the lower-cased key, as WebCrypto computes it (stored hashes stay valid)", async () => {
    // FIPS 180-2's vector for "abc".
    expect(await hashApiKey("ABC")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const key of ["sk_live_0123456789abcdef", "SK_TEST_ÄÖÜ-🔑", ""]) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key.toLowerCase()));
      expect(await hashApiKey(key)).toBe(Buffer.from(digest).toString("hex"));
    }
  });
});
