import { describe, expect, it } from "vitest";
import { relayerPrivateKeysSetting } from "./relayerPrivateKeysSetting.js";

describe("relayerPrivateKeysSetting", () => {
  const one = `0x${"11".repeat(32)}`;
  const two = `0x${"2f".repeat(32)}`;

  it("takes nothing, or keys separated by commas or whitespace", () => {
    for (const value of [undefined, one, `${one},${two}`, `${one}, ${two}\n`, `${one.toUpperCase().replace("0X", "0x")}`]) {
      expect(relayerPrivateKeysSetting().safeParse(value).success, String(value)).toBe(true);
    }
  });

  it("refuses a key without 0x, cut short, not hex, or outside the curve's range — by position, never printing it", () => {
    const order = `0x${"ff".repeat(32)}`; // past secp256k1's group order: no account has it
    for (const [value, entry] of [[one.slice(2), 1], [`${one},${two.slice(0, 60)}`, 2], [`${one} 0x${"zz".repeat(32)}`, 2], [`0x${"00".repeat(32)}`, 1], [order, 1]] as const) {
      const parsed = relayerPrivateKeysSetting().safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(`entry ${entry} is not a private key (0x and 64 hex digits)`);
      expect(JSON.stringify(parsed.error!.issues)).not.toContain(value.split(/[\s,]+/)[entry - 1]!.slice(2, 40));
    }
  });
});
