import { describe, expect, it } from "vitest";
import { provenVolumeUsd } from "./provenVolumeUsd.js";

describe("provenVolumeUsd", () => {
  const sale = { volumeUsd: "4000.5", volumeSide: "out" as const, amountOut: 4_000_500_000n };

  it("a swap valued by its output is credited its guaranteed minimum, exactly", () => {
    expect(provenVolumeUsd({ quote: sale, minAmountOut: 2_000_250_000n })).toBe("2000.25");
    expect(provenVolumeUsd({ quote: sale, minAmountOut: (4_000_500_000n * 9995n) / 10_000n })).toBe("3998.49975");
    // Rounded down at six places: rebates are paid on it, and never on more than the chain guarantees.
    expect(provenVolumeUsd({ quote: { volumeUsd: "1", volumeSide: "out", amountOut: 3n }, minAmountOut: 2n })).toBe("0.666666");
  });

  it("never more than the quote's volume, and nothing to scale when the minimum is the whole output", () => {
    expect(provenVolumeUsd({ quote: sale, minAmountOut: sale.amountOut })).toBe("4000.5");
    expect(provenVolumeUsd({ quote: sale, minAmountOut: sale.amountOut + 1n })).toBe("4000.5");
  });

  it("a swap valued by its input, or worth nothing, is credited the quote's volume", () => {
    expect(provenVolumeUsd({ quote: { ...sale, volumeSide: "in" }, minAmountOut: 1n })).toBe("4000.5");
    expect(provenVolumeUsd({ quote: { volumeUsd: "0", volumeSide: null, amountOut: 10n }, minAmountOut: 1n })).toBe("0");
  });
});
