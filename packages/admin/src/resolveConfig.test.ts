/**
 * Where operator commands take their connections from. The local stack's state file outlives the stack, so a
 * command given some connections in the environment must never take the others from it: a revocation would reach
 * production's Postgres and the local Redis, and production would keep the key cached active.
 */
import { describe, expect, it } from "vitest";
import { resolveConfig } from "./resolveConfig.js";

const localStack = {
  databaseUrl: "postgres://postgres@127.0.0.1:5432/sluice_dev",
  redisRestUrl: "http://127.0.0.1:7001", redisRestToken: "local-token",
};
const production = "postgres://operator@db.example.com/sluice";

describe("resolveConfig", () => {
  it("with DATABASE_URL alone in the environment, takes no Redis from the local stack and says why", () => {
    const config = resolveConfig({ DATABASE_URL: production }, localStack);
    expect(config).toMatchObject({ databaseUrl: production, redisRestUrl: undefined, redisRestToken: undefined, redisUrl: undefined });
    expect(config.missing.redis).toMatch(/^REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, must be set for this command \(/);
    expect(config.missing.redis).toContain("the environment sets DATABASE_URL");
    expect(config.missing.redis).toContain(".stack/dev/state.json");
    expect(config.missing.database).toBeUndefined();
  });

  it("with Redis alone in the environment, takes no database from the local stack (nor the local default)", () => {
    const config = resolveConfig({ REDIS_REST_URL: "https://redis.example.com", REDIS_REST_TOKEN: "t" }, localStack);
    expect(config).toMatchObject({ databaseUrl: undefined, redisRestUrl: "https://redis.example.com", redisRestToken: "t" });
    expect(config.missing.database).toMatch(/^DATABASE_URL is not set \(the environment sets REDIS_REST_URL, REDIS_REST_TOKEN, so/);
    expect(resolveConfig({ REDIS_URL: "redis://redis.example.com" }, undefined).databaseUrl).toBeUndefined();
  });

  it("names the one variable missing of a pair, and an empty one", () => {
    const config = resolveConfig({ DATABASE_URL: production, REDIS_REST_URL: "https://redis.example.com" }, localStack);
    expect(config.redisRestToken).toBeUndefined();
    expect(config.missing.redis).toMatch(/^REDIS_REST_TOKEN is not set, though REDIS_REST_URL is set/);
    expect(resolveConfig({ DATABASE_URL: "" }, localStack).missing.database).toMatch(/^DATABASE_URL is empty/);
  });

  it("any deployment setting in the environment keeps the state file unread", () => {
    const config = resolveConfig({ SLUICE_CHAINS: "{}" }, { ...localStack, sluiceChains: "{\"base\":{}}", acrossApiUrl: "http://127.0.0.1:9" });
    expect(config).toMatchObject({ databaseUrl: undefined, redisRestUrl: undefined, sluiceChains: "{}", acrossApiUrl: undefined });
  });

  it("with nothing in the environment, takes everything from the running local stack, else the local default database", () => {
    expect(resolveConfig({}, { ...localStack, sluiceChains: "{}" })).toMatchObject({ ...localStack, sluiceChains: "{}", missing: {} });
    const bare = resolveConfig({}, undefined);
    expect(bare.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/sluice");
    expect(bare.missing.redis).toMatch(/^REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, must be set .*no local stack/);
  });
});
