import { describe, expect, it } from "vitest";
import { createInlineDeliveries } from "./createInlineDeliveries.js";

describe("createInlineDeliveries", () => {
  it("gives at most `concurrent` places at once, and a place again once one is released", () => {
    const inline = createInlineDeliveries({ concurrent: 2 });
    const first = inline.claim();
    const second = inline.claim();
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    expect(inline.claim()).toBeUndefined();
    expect(inline.running).toBe(2);
    first!();
    expect(inline.running).toBe(1);
    expect(inline.claim()).toBeTypeOf("function");
    expect(inline.claim()).toBeUndefined();
  });

  it("counts a place released twice once (a finally that runs after an earlier release)", () => {
    const inline = createInlineDeliveries({ concurrent: 1 });
    const release = inline.claim()!;
    release();
    release();
    expect(inline.running).toBe(0);
    expect(inline.claim()).toBeTypeOf("function");
    expect(inline.claim()).toBeUndefined();
  });

  it("defaults to two", () => {
    const inline = createInlineDeliveries();
    expect([inline.claim(), inline.claim(), inline.claim()].map((r) => r !== undefined)).toEqual([true, true, false]);
  });
});

describe("createInlineDeliveries when a pass never ends", () => {
  it("a place never released (its pass cancelled after the answer's allowance) is free again after maxHoldMs", () => {
    let clock = 1_000;
    const inline = createInlineDeliveries({ concurrent: 2, maxHoldMs: 60_000, now: () => clock });
    const cancelled = [inline.claim(), inline.claim()]; // their finally never runs
    expect(cancelled.every((r) => r !== undefined)).toBe(true);
    clock += 59_999;
    expect(inline.claim()).toBeUndefined();
    clock += 1;
    expect(inline.running).toBe(0);
    const next = inline.claim();
    expect(next).toBeTypeOf("function");
    cancelled[0]!(); // a late release of a lapsed place frees nothing of the new one's
    expect(inline.running).toBe(1);
    expect(inline.claim()).toBeTypeOf("function");
    expect(inline.claim()).toBeUndefined();
  });
});
