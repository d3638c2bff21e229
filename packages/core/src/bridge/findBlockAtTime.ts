/**
 * The first block of a chain whose timestamp is at or after a moment, at or under a known block: where a search of a
 * chain's logs for something that happened after that moment can start (`findFillTransaction`). Interpolated from the
 * timestamps of the bracketing blocks (block times are regular, so a few reads usually land), with every other step a
 * bisection so that irregular chains still take no more than about twice log2(blocks) reads.
 */
import type { PublicClient } from "viem";

export type FindBlockAtTimeParameters = {
  client: PublicClient;
  /** Unix seconds. */
  timestamp: bigint;
  /** The highest block the answer may be (a confirmed block); the answer when every block under it is earlier. */
  upTo: bigint;
};

/** Throws when the chain does not answer (the caller decides what that means). */
export async function findBlockAtTime({ client, timestamp, upTo }: FindBlockAtTimeParameters): Promise<bigint> {
  const timeOf = async (blockNumber: bigint) => (await client.getBlock({ blockNumber })).timestamp;
  let hi = upTo;
  let hiTime = await timeOf(hi);
  if (hiTime < timestamp || hi === 0n) return hi;
  let lo = 0n;
  let loTime = await timeOf(lo);
  if (loTime >= timestamp) return lo;
  // Invariant: time(lo) < timestamp <= time(hi).
  for (let step = 0; hi - lo > 1n; step++) {
    let probe = (lo + hi) / 2n;
    if (step % 2 === 0 && hiTime > loTime) {
      const interpolated = lo + ((hi - lo) * (timestamp - loTime)) / (hiTime - loTime);
      probe = interpolated <= lo ? lo + 1n : interpolated >= hi ? hi - 1n : interpolated;
    }
    const probeTime = await timeOf(probe);
    if (probeTime >= timestamp) [hi, hiTime] = [probe, probeTime];
    else [lo, loTime] = [probe, probeTime];
  }
  return hi;
}
