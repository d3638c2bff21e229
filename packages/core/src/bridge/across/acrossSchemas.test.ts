import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { acrossSwapApprovalSchema } from "./acrossSchemas.js";

const answer = JSON.parse(readFileSync(new URL("./fixtures/exactInput-usdc-fees.json", import.meta.url), "utf8")) as Record<string, unknown>;

describe("acrossSwapApprovalSchema expectedFillTime", () => {
  // A hostile or broken API's figure is shown to the user as "expected fill time": only a plausible one is kept.
  it.each([[4, 4], [2.2, 3], [0, 0], [86_400, 86_400]])("keeps a plausible %d s (as %d whole seconds)", (given, shown) => {
    expect(acrossSwapApprovalSchema.parse({ ...answer, expectedFillTime: given }).expectedFillTime).toBe(shown);
  });
  it.each([-5, 1e308, 86_401])("turns %d into unknown (null), as when absent", (given) => {
    expect(acrossSwapApprovalSchema.parse({ ...answer, expectedFillTime: given }).expectedFillTime).toBeNull();
  });
  it("absent stays unknown", () => {
    const { expectedFillTime: _omitted, ...without } = answer;
    expect(acrossSwapApprovalSchema.parse(without).expectedFillTime).toBeNull();
  });
});
