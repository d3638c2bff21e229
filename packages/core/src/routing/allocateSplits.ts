import type { Address } from "viem";
import type { Pool } from "../pools/types.js";
import { netOfGas } from "./netOfGas.js";
import { quotePath } from "./quotePath.js";
import { quoteRoute, type Allocation } from "./quoteRoute.js";
import type { Path } from "./types.js";

export type AllocateSplitsParameters = {
  tokenIn: Address;
  tokenOut: Address;
  paths: readonly Path[];
  amountIn: bigint;
  /** The input is allocated in this many equal chunks. */
  chunks: number;
  /** At most this many paths receive input. */
  maxSplits: number;
  /** Refinement halves the step this many times, down to chunk ÷ 2^refinementLevels. */
  refinementLevels: number;
  /** The value of gas in tokenOut raw units: given, refinement keeps a move only if the output net of gas improves. */
  gasCostOut?: (gas: bigint) => bigint;
};

/**
 * Greedy allocation then local refinement (see README): returns per-path amounts summing to amountIn, or undefined
 * when the paths cannot absorb the input.
 */
export function allocateSplits(p: AllocateSplitsParameters): bigint[] | undefined {
  const { paths, amountIn } = p;
  const n = BigInt(Math.max(1, p.chunks));
  const chunk = amountIn / n;
  const allocation = paths.map(() => 0n);
  if (chunk === 0n) return undefined; // fewer wei than chunks: the caller falls back to single paths

  // 1. Greedy: give each chunk to the path paying the most for it on the current (sequentially updated) states.
  //    Lazy evaluation: a chunk's gain on a path only falls as pools are consumed (concavity), so a stale gain is an
  //    upper bound; only the path on top is re-quoted, and it wins if its fresh gain still tops the others.
  const states = new Map<Address, Pool>();
  const sharesPool = paths.map((a) => paths.map((b) => a.pools.some((pa) => b.pools.some((pb) => pb.address === pa.address))));
  const quotes: (ReturnType<typeof quotePath> | null)[] = paths.map(() => null);
  const gains: bigint[] = paths.map(() => 0n);
  const fresh: boolean[] = paths.map(() => false);
  const requote = (k: number, size: bigint) => {
    quotes[k] = quotePath(paths[k]!, size, states) ?? null;
    gains[k] = quotes[k]?.amountOut ?? -1n;
    fresh[k] = true;
  };
  for (let k = 0; k < paths.length; k++) requote(k, chunk);
  let active = 0;
  for (let i = 0n; i < n; i++) {
    const size = i === n - 1n ? amountIn - chunk * (n - 1n) : chunk;
    if (size !== chunk) for (let k = 0; k < paths.length; k++) requote(k, size);
    let best = -1;
    for (;;) {
      best = -1;
      for (let k = 0; k < paths.length; k++) {
        if (active >= p.maxSplits && allocation[k] === 0n) continue;
        if (gains[k]! >= 0n && (best < 0 || gains[k]! > gains[best]!)) best = k;
      }
      if (best < 0 || fresh[best]) break;
      requote(best, size);
    }
    if (best < 0) return undefined;
    if (allocation[best] === 0n) active++;
    allocation[best]! += size;
    for (const pool of quotes[best]!.poolsAfter) states.set(pool.address, pool);
    for (let k = 0; k < paths.length; k++) if (sharesPool[best]![k]) fresh[k] = false;
  }

  // 2. Refinement: move `step` from the path losing least by giving it up to the path gaining most from it
  //    (marginals of each path alone), keep the move only if the exact end-to-end quote improves (net of gas when
  //    `gasCostOut` is given: a move can cross more V3 ticks, or empty a path and save its hops), halve the step.
  const order = () => paths.map((path, k) => ({ path, amountIn: allocation[k]! })) as Allocation[];
  const value = () => {
    const route = quoteRoute(p.tokenIn, p.tokenOut, order());
    return route ? netOfGas(route, p.gasCostOut) : undefined;
  };
  let bestOut = value();
  const memo = new Map<string, bigint>();
  const alone = (k: number, x: bigint): bigint => {
    if (x === 0n) return 0n;
    const key = `${k}:${x}`;
    let out = memo.get(key);
    if (out === undefined) memo.set(key, (out = quotePath(paths[k]!, x)?.amountOut ?? -1n));
    return out;
  };
  let step = chunk / 2n;
  for (let level = 0; level < p.refinementLevels && step > 0n; level++, step /= 2n) {
    for (let moves = 0; moves < 2 * p.chunks; moves++) {
      let giver = -1;
      let taker = -1;
      let lowestLoss = 0n;
      let highestGain = 0n;
      const activeCount = allocation.filter((a) => a > 0n).length;
      for (let k = 0; k < paths.length; k++) {
        const current = alone(k, allocation[k]!);
        if (allocation[k]! >= step) {
          const loss = current - alone(k, allocation[k]! - step);
          if (giver < 0 || loss < lowestLoss) [giver, lowestLoss] = [k, loss];
        }
        if (allocation[k] === 0n && activeCount >= p.maxSplits) continue;
        const more = alone(k, allocation[k]! + step);
        if (more < 0n || current < 0n) continue;
        if (taker < 0 || more - current > highestGain) [taker, highestGain] = [k, more - current];
      }
      if (giver < 0 || taker < 0 || giver === taker || highestGain <= lowestLoss) break;
      allocation[giver]! -= step;
      allocation[taker]! += step;
      const out = value();
      if (out !== undefined && (bestOut === undefined || out > bestOut)) bestOut = out;
      else {
        allocation[giver]! += step;
        allocation[taker]! -= step;
        break;
      }
    }
  }
  return allocation;
}
