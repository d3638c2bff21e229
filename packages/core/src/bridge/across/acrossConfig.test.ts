/** The bridge's configuration: the fee bound a deployment sets reaches validation; a bad value is refused, never guessed. */
import { describe, expect, it } from "vitest";
import { acrossConfigFromEnv, BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN, BRIDGE_MAX_FEE_BPS_PATTERN } from "./acrossConfig.js";

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
});
