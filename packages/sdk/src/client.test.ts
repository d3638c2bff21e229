/** The client's bridge bounds are read once, when the client is made: a value that would weaken a check is refused. */
import { describe, expect, it } from "vitest";
import { createSluiceClient } from "./client.js";

const base = { baseUrl: "http://127.0.0.1:8787", apiKey: "0".repeat(40) };

describe("createSluiceClient: bridge options", () => {
  it.each([Number.NaN, -1, 0.5, Number.POSITIVE_INFINITY, "600" as unknown as number])("bridgeMinFillWindowSeconds %s is refused, naming the option", (value) => {
    expect(() => createSluiceClient({ ...base, bridgeMinFillWindowSeconds: value })).toThrow(TypeError);
    expect(() => createSluiceClient({ ...base, bridgeMinFillWindowSeconds: value })).toThrow(/bridgeMinFillWindowSeconds/);
  });

  it.each([Number.NaN, 0, -300, 1001, 300.5, Number.POSITIVE_INFINITY, "500" as unknown as number])("bridgeMaxFeeBps %s is refused, naming the option", (value) => {
    expect(() => createSluiceClient({ ...base, bridgeMaxFeeBps: value })).toThrow(TypeError);
    expect(() => createSluiceClient({ ...base, bridgeMaxFeeBps: value })).toThrow(/bridgeMaxFeeBps/);
  });

  it("whole values within range are taken", () => {
    for (const options of [{}, { bridgeMinFillWindowSeconds: 0 }, { bridgeMinFillWindowSeconds: 600 }, { bridgeMaxFeeBps: 1 }, { bridgeMaxFeeBps: 1000 }]) {
      expect(() => createSluiceClient({ ...base, ...options })).not.toThrow();
    }
  });
});
