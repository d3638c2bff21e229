import { describe, expect, it } from "vitest";
import { mapAcrossStatus } from "./bridgeDepositStatus.js";

describe("mapAcrossStatus", () => {
  it("maps the protocol's states as decisions §2.12 says", () => {
    expect(["pending", "slowFillRequested", "filled", "slowFilled", "expired", "refunded"].map(mapAcrossStatus))
      .toEqual(["pending", "pending", "filled", "filled", "expired", "refunded"]);
    // Across' status lookups by deposit id: a hint of pending, checked against the chains by verifyDepositStatus.
    expect(["deposit-pending", "deposit-failed"].map(mapAcrossStatus)).toEqual(["pending", "pending"]);
    expect(() => mapAcrossStatus("teleported")).toThrow(/unknown deposit status/);
  });
});
