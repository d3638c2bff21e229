import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, v2 } from "@sluice/testkit";
import { findCandidatePaths } from "./findCandidatePaths.js";
import { createPoolGraph } from "./poolGraph.js";

const [A, B, X, Y] = [1, 2, 3, 4].map(address) as [Address, Address, Address, Address];
const E18 = 10n ** 18n;

describe("findCandidatePaths", () => {
  // A → B directly through a shallow pool, or through X (deep) or Y (deepest).
  const graph = createPoolGraph([
    v2(1, A, B, 10n * E18, 10n * E18),
    v2(2, A, X, 1000n * E18, 1000n * E18), v2(3, X, B, 1000n * E18, 1000n * E18),
    v2(4, A, Y, 100_000n * E18, 100_000n * E18), v2(5, Y, B, 100_000n * E18, 100_000n * E18),
  ]);
  const search = (canHop?: (t: Address) => boolean) =>
    findCandidatePaths(graph, { tokenIn: A, tokenOut: B, probeAmounts: [50e18], maxHops: 3, maxPaths: 8, beamWidth: 4, canHop });

  it("ranks the deepest path first when every token may be a hop", () => {
    expect(search()[0]!.tokens).toEqual([A, Y, B]);
  });

  it("never routes through a token that may not be a hop; the endpoints always may", () => {
    const paths = search((t) => t !== Y);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.tokens.slice(1, -1)).not.toContain(Y);
    expect(paths[0]!.tokens).toEqual([A, X, B]);
    expect(search(() => false).map((p) => p.tokens)).toEqual([[A, B]]);
  });
});
