import { describe, expect, it } from "vitest";
import { encodeErrorResult, type Hex } from "viem";
import { classifyProbeOutcome } from "./classifyProbeOutcome.js";
import { tokenProbeAbi } from "./tokenProbeArtifact.js";

type Measured = {
  reserve: bigint; poolBalance: bigint; requested: bigint; received: bigint;
  sent?: [bigint, bigint]; credited?: [bigint, bigint]; debited?: [bigint, bigint]; succeeded?: [boolean, boolean];
};

const measured = (m: Measured): Hex => {
  const sent = m.sent ?? [m.received / 2n, m.received / 4n];
  return encodeErrorResult({ abi: tokenProbeAbi, errorName: "Measured", args: [m.reserve, m.poolBalance, m.requested, m.received, sent,
    m.credited ?? sent, m.debited ?? sent, m.succeeded ?? [true, true]] });
};
const errorString = (message: string): Hex =>
  encodeErrorResult({ abi: [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }], errorName: "Error", args: [message] });

describe("classifyProbeOutcome", () => {
  const base = { reserve: 1_000_000n, poolBalance: 1_000_000n, requested: 1000n, received: 1000n };

  it("standard: everything exact", () => {
    expect(classifyProbeOutcome(measured(base), true).behaviour).toBe("standard");
  });

  it("fee-on-transfer: less received from the pool, or a recipient credited less, or a sender debited more", () => {
    expect(classifyProbeOutcome(measured({ ...base, received: 990n }), true).behaviour).toBe("fee-on-transfer");
    expect(classifyProbeOutcome(measured({ ...base, credited: [495n, 250n] }), true).behaviour).toBe("fee-on-transfer");
    expect(classifyProbeOutcome(measured({ ...base, debited: [500n, 260n] }), false).behaviour).toBe("fee-on-transfer");
  });

  it("rebasing: a wei or two of share rounding, or a pair's balance apart from its reserve", () => {
    expect(classifyProbeOutcome(measured({ ...base, credited: [499n, 250n] }), false).behaviour).toBe("rebasing");
    expect(classifyProbeOutcome(measured({ ...base, poolBalance: 999_999n }), true).behaviour).toBe("rebasing");
    expect(classifyProbeOutcome(measured({ ...base, poolBalance: 1_100_000n }), true).behaviour).toBe("rebasing");
  });

  it("attack: dust donated to a standard token's pair does not make it odd; V3 pools record no reserve to compare", () => {
    expect(classifyProbeOutcome(measured({ ...base, poolBalance: 1_001_000n }), true).behaviour).toBe("standard");
    expect(classifyProbeOutcome(measured({ ...base, reserve: 0n, poolBalance: 5_000_000n }), false).behaviour).toBe("standard");
  });

  it("transfer-blocking: the pool cannot pay it out (V2 and V3 messages), or a holder's transfer fails", () => {
    expect(classifyProbeOutcome(errorString("UniswapV2: TRANSFER_FAILED"), true).behaviour).toBe("transfer-blocking");
    expect(classifyProbeOutcome(errorString("TF"), false).behaviour).toBe("transfer-blocking");
    expect(classifyProbeOutcome(measured({ ...base, succeeded: [true, false] }), true).behaviour).toBe("transfer-blocking");
  });

  it("unknown: any other revert or an empty answer (never taken as standard)", () => {
    expect(classifyProbeOutcome(errorString("UniswapV2: LOCKED"), true).behaviour).toBe("unknown");
    expect(classifyProbeOutcome("0x", true).behaviour).toBe("unknown");
    expect(classifyProbeOutcome("0x12345678", true).behaviour).toBe("unknown");
  });
});
