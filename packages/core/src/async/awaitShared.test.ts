import { describe, expect, it } from "vitest";
import { awaitShared } from "./awaitShared.js";

describe("awaitShared", () => {
  it("answers the shared work's result, or throws its failure", async () => {
    expect(await awaitShared({ work: Promise.resolve(42), ms: 1_000 })).toBe(42);
    await expect(awaitShared({ work: Promise.reject(new Error("node down")), ms: 1_000 })).rejects.toThrow("node down");
  });

  it("answers undefined once its own bound has passed when the work never settles", async () => {
    const never = new Promise<number>(() => {});
    expect(await awaitShared({ work: never, ms: 50 })).toBeUndefined();
  });
});
