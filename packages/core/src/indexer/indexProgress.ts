import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";

/**
 * Where a chain's index stands. A cold index runs in phases, a slice at a time, over as many cron invocations as it
 * needs; this record (and the graph being built) is stored after every slice, so a new invocation continues where the
 * last one stopped and an invocation that dies mid-slice loses at most that slice.
 *
 * - `discover`: the configured factories' `PairCreated` / `PoolCreated` events from `startBlock` to `targetBlock`
 *   (the head when the index began), `cursor` = the last block read; the pools found wait in the graph's `pending`.
 * - `load`: the found pools' current state, in address order (`loadedThrough` = the last address read): V2 reserves,
 *   V3 price, liquidity and every initialized tick from the tick bitmap (no history needed), tokens' metadata.
 * - `catchup`: the pool events from a little before `targetBlock` (so tokens get their recent trade times) up to the
 *   newest block a pool was read at (`readThrough`); `block` = how far it got.
 * - `ready`: the graph is in the graph store and quotes use it; each run then indexes incrementally.
 */
export type IndexProgress = {
  chain: ChainName;
  phase: "discover" | "load" | "catchup" | "ready";
  startBlock: bigint;
  targetBlock: bigint;
  cursor: bigint;
  loadedThrough: Address | null;
  poolsFound: number;
  poolsLoaded: number;
  /** The newest block any pool's state was read at during `load`. */
  readThrough: bigint;
  /** Where `catchup` started, and the block the graph is indexed through (catchup and ready). */
  catchupFrom: bigint;
  block: bigint;
  /** The log-query span (blocks) the last read ended with: the next read starts with it. */
  span: bigint;
  slices: number;
  /** Unix ms of the last stored slice. */
  updatedAt: number;
};

const bigintFields = ["startBlock", "targetBlock", "cursor", "readThrough", "catchupFrom", "block", "span"] as const;

export function encodeIndexProgress(progress: IndexProgress): string {
  const out: Record<string, unknown> = { ...progress };
  for (const f of bigintFields) out[f] = progress[f].toString();
  return JSON.stringify(out);
}

export function decodeIndexProgress(text: string): IndexProgress {
  const raw = JSON.parse(text) as Record<string, unknown>;
  for (const f of bigintFields) raw[f] = BigInt(String(raw[f]));
  return raw as unknown as IndexProgress;
}
