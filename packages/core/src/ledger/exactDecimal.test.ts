import { describe, expect, it } from "vitest";
import { exactDecimal } from "./exactDecimal.js";
import { exactNumber } from "./exactNumber.js";

describe("exactDecimal", () => {
  it.each([
    ["1851851.83685185510000", "1851851.8368518551"], ["50000.000000000000000000", "50000"], ["0.0000", "0"], ["-0.00", "0"],
    ["007.50", "7.5"], ["-12.340", "-12.34"], ["0.0001000", "0.0001"], ["123", "123"],
  ])("%s is %s", (input, expected) => {
    expect(exactDecimal(input)).toBe(expected);
  });

  it("keeps every digit a JSON number loses", () => {
    expect(exactDecimal("1679012.34737901350000")).toBe("1679012.3473790135");
    expect(String(exactNumber("1679012.34737901350000"))).not.toBe("1679012.3473790135");
  });

  it.each(["", "1e5", "1.", ".5", "0x10", "1,5", "NaN"])("refuses %j", (input) => {
    expect(() => exactDecimal(input)).toThrow(/not a decimal/);
  });
});
