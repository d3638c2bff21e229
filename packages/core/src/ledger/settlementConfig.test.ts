/** `SETTLEMENT_GRACE_HOURS` as the reporting worker reads it: a default, 0 allowed, anything else refused by name. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { settlementConfigShape } from "./settlementConfig.js";

const schema = z.object(settlementConfigShape);

describe("SETTLEMENT_GRACE_HOURS", () => {
  it("is 72 hours when unset or empty; whole hours from 0 to 720 as given", () => {
    expect(schema.parse({})).toEqual({ SETTLEMENT_GRACE_HOURS: 72 });
    expect(schema.parse({ SETTLEMENT_GRACE_HOURS: "" })).toEqual({ SETTLEMENT_GRACE_HOURS: 72 });
    for (const [given, hours] of [["0", 0], ["24", 24], ["720", 720]] as const) {
      expect(schema.parse({ SETTLEMENT_GRACE_HOURS: given })).toEqual({ SETTLEMENT_GRACE_HOURS: hours });
    }
  });

  it("refuses anything else, naming the setting, what it must be and what was given", () => {
    for (const given of ["-1", "1.5", "72h", "abc", "721", " 72", "1e2"]) {
      const parsed = schema.safeParse({ SETTLEMENT_GRACE_HOURS: given });
      expect(parsed.success, given).toBe(false);
      expect(parsed.error!.issues[0]).toMatchObject({
        path: ["SETTLEMENT_GRACE_HOURS"], message: `must be whole hours from 0 to 720 (default 72), got ${JSON.stringify(given)}`,
      });
    }
  });
});
