import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";

/**
 * The `RELAYER_PRIVATE_KEYS` setting: optional; when set, comma- or whitespace-separated private keys, each `0x` and 64
 * hex digits that secp256k1 accepts. Checked when the configuration is parsed (`pnpm deploy:prod`, the Node host's
 * start, each isolate), so a key pasted without `0x` or with a typo is refused before a request needs it, never
 * discovered by a partner's `/solve`. The message names the entry by position, never its value.
 */
export const relayerPrivateKeysSetting = () => z.string().optional().superRefine((value, ctx) => {
  if (value === undefined) return;
  value.split(/[\s,]+/).filter(Boolean).forEach((key, i) => {
    let valid = /^0x[0-9a-fA-F]{64}$/.test(key);
    if (valid) {
      try {
        privateKeyToAccount(key as `0x${string}`);
      } catch {
        valid = false;
      }
    }
    if (!valid) ctx.addIssue({ code: "custom", message: `entry ${i + 1} is not a private key (0x and 64 hex digits)` });
  });
});
