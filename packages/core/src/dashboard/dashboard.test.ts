import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { barChart, niceCeiling } from "./barChart.js";
import { formatUsd, percentOf, sumDecimals, trimDecimal } from "./decimals.js";
import { daysOfMonth, shiftMonth } from "./months.js";
import { csrfMatches, randomToken } from "./dashboardSessions.js";

describe("exact decimals for the pages", () => {
  it("adds exactly, whatever the scales", () => {
    expect(sumDecimals([])).toBe("0");
    expect(sumDecimals(["0.1", "0.2"])).toBe("0.3");
    expect(sumDecimals(["1.85185185", "2", "0.000000000000000001"])).toBe("3.851851850000000001");
    expect(sumDecimals(["3000.000000000000000000"])).toBe("3000");
    expect(sumDecimals(["-1.5", "1.25"])).toBe("-0.25");
  });

  it("agrees with integer arithmetic on cents", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 10 ** 12 })), (cents) => {
      const decimals = cents.map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`);
      const total = cents.reduce((a, b) => a + b, 0);
      expect(sumDecimals(decimals)).toBe(trimDecimal(`${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`));
    }));
  });

  it("formats USD rounded half-up to cents with thousands separators", () => {
    expect(formatUsd("0")).toBe("0.00");
    expect(formatUsd("1234.565")).toBe("1,234.57");
    expect(formatUsd("1234.564999")).toBe("1,234.56");
    expect(formatUsd("1000000")).toBe("1,000,000.00");
    expect(formatUsd("0.005")).toBe("0.01");
    expect(formatUsd("12.3")).toBe("12.30");
  });

  it("gives a share in tenths of a percent, or null for nothing", () => {
    expect(percentOf("2080.75", "2230.75")).toBe("93.3");
    expect(percentOf("1", "3")).toBe("33.3");
    expect(percentOf("2", "3")).toBe("66.7");
    expect(percentOf("5", "5")).toBe("100.0");
    expect(percentOf("0", "0")).toBeNull();
  });
});

describe("months", () => {
  it("shifts across years and lists every day", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(daysOfMonth("2024-02")).toHaveLength(29);
    expect(daysOfMonth("2026-02").at(-1)).toBe("2026-02-28");
    expect(() => shiftMonth("2026-13", 1)).toThrow("must be a month");
  });
});

describe("bar chart geometry", () => {
  it("scales bars to a nice ceiling inside the plot", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(640)).toBe(1000);
    expect(niceCeiling(1200.5)).toBe(2000);
    expect(niceCeiling(5)).toBe(5);
    const chart = barChart({ points: [{ label: "a", value: "0" }, { label: "b", value: "500" }, { label: "c", value: "1000" }] });
    const [a, b, c] = chart.bars;
    expect(a!.height).toBe(0);
    expect(c!.y).toBe(chart.plot.top);
    expect(b!.height).toBeCloseTo(c!.height / 2, 0);
    for (const bar of chart.bars) expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right);
    expect(chart.ticks.at(-1)!.value).toBe(1000);
  });
});

describe("session tokens", () => {
  it("are 256-bit base64url and compared exactly", async () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(await csrfMatches(token, token)).toBe(true);
    expect(await csrfMatches(token, `${token}x`)).toBe(false);
    expect(await csrfMatches(token, undefined)).toBe(false);
    expect(await csrfMatches(token, "")).toBe(false);
  });
});
