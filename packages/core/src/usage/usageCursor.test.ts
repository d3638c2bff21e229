import { describe, expect, it } from "vitest";
import { decodeUsageCursor, encodeUsageCursor } from "./usageCursor.js";

describe("usage cursors", () => {
  it("round-trip a real position", () => {
    const cursor = { time: "2026-02-28T23:59:59.999999", id: "evt_1" };
    expect(decodeUsageCursor(encodeUsageCursor(cursor))).toEqual(cursor);
  });

  it.each([
    "0000-01-01T00:00:00.000000", "1969-12-31T23:59:59.000000", "2026-13-01T00:00:00.000000",
    "2026-02-30T00:00:00.000000", "2026-11-01T24:00:00.000000", "2026-11-01T12:60:00.000000",
  ])("refuse the impossible time %s before it reaches SQL", (time) => {
    expect(() => decodeUsageCursor(encodeUsageCursor({ time, id: "evt_1" }))).toThrow(/^cursor: /);
  });

  it.each(["evt_\u0000x", "", "evt 1", "evt_1'; --", "x".repeat(129)])("refuse an id no event has (%j) before it reaches SQL", (id) => {
    expect(() => decodeUsageCursor(encodeUsageCursor({ time: "2026-02-28T23:59:59.999999", id }))).toThrow(/^cursor: /);
  });
});
