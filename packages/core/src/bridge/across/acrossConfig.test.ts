/** The bridge's configuration: the fee bound a deployment sets reaches validation; a bad value is refused, never guessed. */
import { describe, expect, it } from "vitest";
import {
  acrossConfigFromEnv, BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN, BRIDGE_MAX_FEE_BPS_PATTERN, BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN,
} from "./acrossConfig.js";

const env = {
  ACROSS_API_URL: "https://app.across.to/api/", ACROSS_INTEGRATOR_ID: "0x00a1", BRIDGE_FEE_RECIPIENT: "0x2222222222222222222222222222222222222222",
};

describe("acrossConfigFromEnv", () => {
  it("takes BRIDGE_MAX_FEE_BPS as the same-asset fee bound; without it validation's default (300 bps) applies", () => {
    expect(acrossConfigFromEnv({ ...env, BRIDGE_MAX_FEE_BPS: "50" })).toMatchObject({ maxFeeBps: 50n, baseUrl: "https://app.across.to/api" });
    expect(acrossConfigFromEnv(env).maxFeeBps).toBeUndefined();
  });

  it.each(["0", "1001", "5000", "abc", "1.5", "-3", "050", ""])("refuses BRIDGE_MAX_FEE_BPS=%j: the deployment cannot bridge", (value) => {
    expect(BRIDGE_MAX_FEE_BPS_PATTERN.test(value)).toBe(false);
    expect(() => acrossConfigFromEnv({ ...env, BRIDGE_MAX_FEE_BPS: value })).toThrow(/Bridging is not configured/);
  });

  it.each(["1", "30", "300", "1000"])("accepts BRIDGE_MAX_FEE_BPS=%j", (value) => {
    expect(acrossConfigFromEnv({ ...env, BRIDGE_MAX_FEE_BPS: value }).maxFeeBps).toBe(BigInt(value));
  });

  it("takes BRIDGE_DEPOSIT_INCLUSION_SECONDS (0–1800) as the time a deposit may take to be mined; refuses anything else", () => {
    expect(acrossConfigFromEnv(env).depositInclusionSeconds).toBeUndefined();
    for (const value of ["0", "60", "300", "999", "1000", "1799", "1800"]) {
      expect(acrossConfigFromEnv({ ...env, BRIDGE_DEPOSIT_INCLUSION_SECONDS: value }).depositInclusionSeconds).toBe(Number(value));
    }
    for (const value of ["1801", "1900", "3600", "-1", "05", "1.5", "", "abc"]) {
      expect(BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN.test(value), value).toBe(false);
      expect(() => acrossConfigFromEnv({ ...env, BRIDGE_DEPOSIT_INCLUSION_SECONDS: value })).toThrow(/Bridging is not configured/);
    }
  });

  it("takes BRIDGE_MIN_FILL_WINDOW_SECONDS of 600 s or more (default 600); refuses less, or anything not whole seconds", () => {
    expect(acrossConfigFromEnv(env).minFillWindowSeconds).toBe(600);
    for (const value of ["600", "601", "900", "3600", "86400"]) {
      expect(BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN.test(value), value).toBe(true);
      expect(acrossConfigFromEnv({ ...env, BRIDGE_MIN_FILL_WINDOW_SECONDS: value }).minFillWindowSeconds).toBe(Number(value));
    }
    for (const value of ["60", "-5", "0", "599", "15", "0600", "600.5", "6e2", "", "abc", "86401", "1000000"]) {
      expect(BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN.test(value), value).toBe(false);
      expect(() => acrossConfigFromEnv({ ...env, BRIDGE_MIN_FILL_WINDOW_SECONDS: value }), value).toThrow(/Bridging is not configured/);
    }
  });

  it("refuses the zero address as the app fee's recipient, and an integrator id that is not 2 bytes", () => {
    expect(() => acrossConfigFromEnv({ ...env, BRIDGE_FEE_RECIPIENT: `0x${"0".repeat(40)}` })).toThrow(/Bridging is not configured/);
    for (const value of ["0x00a", "0x00a1f", "00a1", "not-an-id"]) {
      expect(() => acrossConfigFromEnv({ ...env, ACROSS_INTEGRATOR_ID: value }), value).toThrow(/Bridging is not configured/);
    }
  });

  it("takes ACROSS_TIMEOUT_MS from 100 to 30000 ms (default 5000); refuses a deadline that is none or cannot be set", () => {
    expect(acrossConfigFromEnv(env).timeoutMs).toBe(5_000);
    for (const value of ["100", "2500", "30000"]) expect(acrossConfigFromEnv({ ...env, ACROSS_TIMEOUT_MS: value }).timeoutMs).toBe(Number(value));
    expect(acrossConfigFromEnv({ ...env, ACROSS_TIMEOUT_MS: "" }).timeoutMs).toBe(5_000);
    for (const value of ["0", "99", "-5", "30001", "1e9", "5000.5"]) {
      expect(() => acrossConfigFromEnv({ ...env, ACROSS_TIMEOUT_MS: value }), value).toThrow(/Bridging is not configured/);
    }
  });

  it("a local stack's devnet window (BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS, any whole seconds) stands in for it", () => {
    const local = { ...env, ACROSS_API_URL: "http://127.0.0.1:4100/api" };
    expect(acrossConfigFromEnv({ ...local, BRIDGE_MIN_FILL_WINDOW_SECONDS: "600", BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: "15" }).minFillWindowSeconds).toBe(15);
    // Against a real bridge API it is ignored: the deployment's minimum stands.
    expect(acrossConfigFromEnv({ ...env, ACROSS_API_URL: "https://app.across.to/api", BRIDGE_MIN_FILL_WINDOW_SECONDS: "600", BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: "15" }).minFillWindowSeconds).toBe(600);
    for (const value of ["0", "-5", "1.5", "", "abc"]) {
      expect(() => acrossConfigFromEnv({ ...env, BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: value }), value).toThrow(/Bridging is not configured/);
    }
  });
});
