import { describe, expect, it } from "vitest";
import { raceDeadline } from "./raceDeadline.js";

describe("raceDeadline", () => {
  it("answers the work's result, or throws its failure, when it settles in time", async () => {
    expect(await raceDeadline({ work: Promise.resolve(7), ms: 1_000 })).toBe(7);
    await expect(raceDeadline({ work: Promise.reject(new Error("node down")), ms: 1_000 })).rejects.toThrow("node down");
  });

  it("answers undefined by its own timer when the work never settles, also for a deadline already past", async () => {
    const never = new Promise<number>(() => {});
    const started = Date.now();
    expect(await raceDeadline({ work: never, ms: 40 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await raceDeadline({ work: never, ms: -5 })).toBeUndefined();
  });

  it("a failure after the deadline is not an unhandled rejection", async () => {
    let fail!: (e: Error) => void;
    const work = new Promise<number>((_, reject) => { fail = reject; });
    expect(await raceDeadline({ work, ms: 10 })).toBeUndefined();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    fail(new Error("late"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
