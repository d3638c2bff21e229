import { describe, expect, it } from "vitest";
import { encodeErrorResult, type Hex } from "viem";
import { classifyProbeOutcome } from "./classifyProbeOutcome.js";
import { tokenProbeAbi } from "./tokenProbeArtifact.js";

type Measured = {
  reserve: bigint; poolBalance: bigint; requested: bigint; received: bigint;
  sent?: [bigint, bigint, bigint]; credited?: [bigint, bigint, bigint]; debited?: [bigint, bigint, bigint];
  succeeded?: [boolean, boolean, boolean];
};

const measured = (m: Measured): Hex => {
  const sent = m.sent ?? [m.received / 2n, m.received / 4n, m.received / 8n];
  return encodeErrorResult({ abi: tokenProbeAbi, errorName: "Measured", args: [m.reserve, m.poolBalance, m.requested, m.received, sent,
    m.credited ?? sent, m.debited ?? sent, m.succeeded ?? [true, true, true]] });
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
    expect(classifyProbeOutcome(measured({ ...base, credited: [495n, 250n, 125n] }), true).behaviour).toBe("fee-on-transfer");
    expect(classifyProbeOutcome(measured({ ...base, debited: [500n, 260n, 125n] }), false).behaviour).toBe("fee-on-transfer");
  });

  it("rebasing: a wei or two of share rounding, or a pair's balance apart from its reserve", () => {
    expect(classifyProbeOutcome(measured({ ...base, credited: [499n, 250n, 125n] }), false).behaviour).toBe("rebasing");
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
    expect(classifyProbeOutcome(measured({ ...base, succeeded: [true, false, true] }), true).behaviour).toBe("transfer-blocking");
  });

  it("attack: a honeypot that lets buys and wallet transfers through but blocks or taxes a sale into the pool", () => {
    const blocked = classifyProbeOutcome(measured({ ...base, succeeded: [true, true, false] }), true);
    expect(blocked).toEqual({ behaviour: "transfer-blocking", detail: "a sale (a transfer into the pool) reverted" });
    const taxed = classifyProbeOutcome(measured({ ...base, credited: [500n, 250n, 113n] }), false);
    expect(taxed).toEqual({ behaviour: "fee-on-transfer", detail: "credited to the pool on a sale: 113 of 125" });
    expect(classifyProbeOutcome(measured({ ...base, debited: [500n, 250n, 137n] }), true).behaviour).toBe("fee-on-transfer");
    expect(classifyProbeOutcome(measured({ ...base, credited: [500n, 250n, 124n] }), true).behaviour).toBe("rebasing");
  });

  it("unknown: any other revert or an empty answer (never taken as standard)", () => {
    expect(classifyProbeOutcome(errorString("UniswapV2: LOCKED"), true).behaviour).toBe("unknown");
    expect(classifyProbeOutcome("0x", true).behaviour).toBe("unknown");
    expect(classifyProbeOutcome("0x12345678", true).behaviour).toBe("unknown");
  });
});
