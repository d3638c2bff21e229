import { describe, expect, it } from "vitest";
import { mapAcrossStatus } from "./bridgeDepositStatus.js";

describe("mapAcrossStatus", () => {
  it("maps the protocol's states as decisions §2.12 says", () => {
    expect(["pending", "slowFillRequested", "filled", "slowFilled", "expired", "refunded"].map(mapAcrossStatus))
      .toEqual(["pending", "pending", "filled", "filled", "expired", "refunded"]);
    expect(() => mapAcrossStatus("teleported")).toThrow(/unknown deposit status/);
  });
});
