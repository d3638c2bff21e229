import { describe, expect, it, vi } from "vitest";
import { SluiceError } from "../errors/SluiceError.js";
import { readWorkerConfig } from "./readWorkerConfig.js";
import { sluiceConfigSchema } from "./sluiceConfigSchema.js";

const base = { DATABASE_URL: "postgres://127.0.0.1/sluice", REDIS_URL: "redis://127.0.0.1:6379", SLUICE_ENVIRONMENT: "production" };

describe("sluiceConfigSchema: ADMIN_TOKEN", () => {
  it("refuses a token shorter than 32 characters, naming the setting", () => {
    for (const token of ["admin", "x".repeat(31)]) {
      const parsed = sluiceConfigSchema.safeParse({ ...base, ADMIN_TOKEN: token });
      expect(parsed.success, token).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["ADMIN_TOKEN"]);
      expect(parsed.error!.issues[0]!.message).toMatch(/at least 32 characters/);
    }
  });

  it("refuses a token with whitespace (a bearer token never matches one)", () => {
    const parsed = sluiceConfigSchema.safeParse({ ...base, ADMIN_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` });
    expect(parsed.error?.issues[0]?.path).toEqual(["ADMIN_TOKEN"]);
  });

  it("accepts 32 characters or more, and no token at all (the admin API then refuses everything)", () => {
    expect(sluiceConfigSchema.safeParse({ ...base, ADMIN_TOKEN: "x".repeat(32) }).success).toBe(true);
    expect(sluiceConfigSchema.safeParse({ ...base, ADMIN_TOKEN: "f".repeat(64) }).success).toBe(true);
    expect(sluiceConfigSchema.safeParse(base).success).toBe(true);
    expect(sluiceConfigSchema.safeParse({ ...base, ADMIN_TOKEN: "" }).success).toBe(true);
  });

  it("a worker with a short token answers a configuration error naming ADMIN_TOKEN, never uses it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const error = (() => { try { readWorkerConfig(sluiceConfigSchema, { ...base, ADMIN_TOKEN: "admin" }); } catch (e) { return e; } })();
      expect(error).toBeInstanceOf(SluiceError);
      expect((error as SluiceError).code).toBe("DEPENDENCY_DOWN");
      expect(logged.mock.calls[0]![0]).toMatch(/^configuration: ADMIN_TOKEN: must be at least 32 characters/);
    } finally {
      logged.mockRestore();
    }
  });
});
