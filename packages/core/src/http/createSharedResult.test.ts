import { describe, expect, it } from "vitest";
import { createSharedResult } from "./createSharedResult.js";

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("createSharedResult", () => {
  it("concurrent callers share one run; its result is reused within the window, then run again", async () => {
    let clock = 0;
    const shared = createSharedResult<string>({ reuseMs: 5_000, waitMs: 1_000, now: () => clock });
    let runs = 0;
    const run = () => { runs += 1; return later(`run ${runs}`, 20); };
    expect(await Promise.all(Array.from({ length: 50 }, () => shared.get(run)))).toEqual(Array(50).fill("run 1"));
    expect(runs).toBe(1);
    clock = 4_999;
    expect(await shared.get(run)).toBe("run 1");
    clock = 5_000;
    expect(await shared.get(run)).toBe("run 2");
    expect(runs).toBe(2);
  });

  it("a run that does not settle within waitMs is done by the waiting caller itself", async () => {
    const shared = createSharedResult<string>({ reuseMs: 5_000, waitMs: 30 });
    const stuck = shared.get(() => new Promise<string>(() => {}));
    expect(await shared.get(() => later("own", 1))).toBe("own");
    expect(await shared.get(() => later("not run", 1))).toBe("own");
    void stuck;
  });

  it("a failed run is not kept: its waiters get the failure, the next caller runs again", async () => {
    const shared = createSharedResult<string>({ reuseMs: 5_000, waitMs: 1_000 });
    const failing = () => later(undefined, 10).then(() => { throw new Error("down"); });
    await expect(Promise.all([shared.get(failing), shared.get(failing)])).rejects.toThrow("down");
    expect(await shared.get(() => later("again", 1))).toBe("again");
  });
});
