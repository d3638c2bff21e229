import { describe, expect, it } from "vitest";
import { createExecutionContext } from "./createExecutionContext.js";

const never = () => new Promise<void>(() => {});

describe("createExecutionContext", () => {
  it("settled: with nothing pending answers at once that nothing is left", async () => {
    const ctx = createExecutionContext();
    ctx.waitUntil(Promise.resolve());
    ctx.waitUntil(Promise.reject(new Error("failed work is settled work")));
    const began = performance.now();
    expect(await ctx.settled(Date.now() + 5_000)).toBe(0);
    expect(performance.now() - began).toBeLessThan(200);
  });

  it("settled: waits for work, also work handed over while it waits, until its deadline", async () => {
    const ctx = createExecutionContext();
    let finished = false;
    ctx.waitUntil(new Promise<void>((resolve) => setTimeout(() => {
      // Work that hands over more work (a cron's pass starting a delivery) is waited for too.
      ctx.waitUntil(new Promise<void>((done) => setTimeout(() => { finished = true; done(); }, 100)));
      resolve();
    }, 100)));
    expect(await ctx.settled(Date.now() + 5_000)).toBe(0);
    expect(finished).toBe(true);
  });

  it("settled: work that never settles (a webhook to a silent receiver) holds it only until the deadline; it answers how much is left", async () => {
    const ctx = createExecutionContext();
    ctx.waitUntil(never());
    ctx.waitUntil(never());
    ctx.waitUntil(Promise.resolve());
    const began = performance.now();
    const left = await Promise.race([ctx.settled(Date.now() + 300), new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 3_000))]);
    expect(left).toBe(2);
    expect(performance.now() - began).toBeLessThan(800);
  });
});
