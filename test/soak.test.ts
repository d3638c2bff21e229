/**
 * The chaos soak, short: mixed traffic against the test stack while Postgres, Redis and base's RPC are cut and restored
 * in turn (`pnpm soak --minutes N` is the long one). Every target must hold: no 5xx but 503 during an outage, no
 * request without an answer, no event lost or doubled, every relayer nonce mined, every isolate answering afterwards.
 */
import { describe, expect, inject, it } from "vitest";
import { runSoak } from "@sluice/stack";

describe("chaos soak (short)", () => {
  it("meets every target through an outage of each dependency", async () => {
    const report = await runSoak({ target: inject("stack"), durationMs: 45_000, concurrency: 3, log: (line) => console.log(`[soak] ${line}`) });
    console.log(`[soak] ${JSON.stringify({ ...report, outages: report.outages.length })}`);
    expect(report.outages.map((o) => o.target)).toEqual(["postgres", "redis", "rpc-base"]);
    expect(report.requests).toBeGreaterThan(50);
    expect(report.errors5xx).toEqual([]);
    expect(report.unavailableOutsideOutage).toBe(0);
    expect(report.hungCalls).toEqual([]);
    expect(report.ledger.lost).toEqual([]);
    expect(report.ledger.doubled).toEqual([]);
    expect(report.ledger.pendingLeft).toBe(0);
    expect(report.ledger.solveEvents.expected).toBeGreaterThan(0);
    expect(report.unminedRelayerNonces).toEqual([]);
    expect(report.isolatesAnswering).toBe(true);
    expect(report.passed).toBe(true);
  }, 240_000);
});
