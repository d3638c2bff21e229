import type { ChainName } from "../chains/chains.js";
import type { IndexProgress } from "./indexProgress.js";

export type IndexProgressSummary = {
  chain: ChainName;
  phase: IndexProgress["phase"] | "not-started";
  ready: boolean;
  /** Whole percent of the cold index done (100 once ready). */
  percent: number;
  /** The block the current phase has reached, and the block it runs to. */
  block: string | null;
  targetBlock: string | null;
  poolsFound: number;
  poolsLoaded: number;
  /** Unix ms of the last stored slice. */
  updatedAt: number | null;
  /** One line for people: `base: index 42% (block 1234 of 2900)`. */
  message: string;
};

/**
 * Where a chain's index stands, for the admin API, the CLI and the answer a quote gets before the graph is ready.
 * Percent weights: discovery (factory events) 60, pool state 30, catch-up 10.
 */
export function indexProgressSummary(chain: ChainName, progress: IndexProgress | null): IndexProgressSummary {
  const base = { chain, poolsFound: progress?.poolsFound ?? 0, poolsLoaded: progress?.poolsLoaded ?? 0, updatedAt: progress?.updatedAt ?? null };
  if (!progress) return { ...base, phase: "not-started", ready: false, percent: 0, block: null, targetBlock: null, message: `${chain}: index not started` };
  const part = (done: bigint, total: bigint) => (total <= 0n ? 1 : Math.min(1, Math.max(0, Number(done) / Number(total))));
  let percent: number;
  let block: bigint;
  let target: bigint;
  let detail: string;
  switch (progress.phase) {
    case "discover":
      block = progress.cursor < progress.startBlock ? progress.startBlock : progress.cursor;
      target = progress.targetBlock;
      percent = 60 * part(progress.cursor - progress.startBlock + 1n, progress.targetBlock - progress.startBlock + 1n);
      detail = `block ${block} of ${target}`;
      break;
    case "load":
      block = progress.cursor;
      target = progress.targetBlock;
      percent = 60 + 30 * part(BigInt(progress.poolsLoaded), BigInt(progress.poolsFound));
      detail = `pool state ${progress.poolsLoaded} of ${progress.poolsFound}`;
      break;
    case "catchup":
      block = progress.block;
      target = progress.readThrough;
      percent = 90 + 10 * part(progress.block - progress.catchupFrom, progress.readThrough - progress.catchupFrom);
      detail = `catching up, block ${block} of ${target}`;
      break;
    default:
      return { ...base, phase: "ready", ready: true, percent: 100, block: progress.block.toString(), targetBlock: progress.block.toString(), message: `${chain}: index ready (block ${progress.block})` };
  }
  const whole = Math.min(99, Math.floor(percent));
  return { ...base, phase: progress.phase, ready: false, percent: whole, block: block.toString(), targetBlock: target.toString(), message: `${chain}: index ${whole}% (${detail})` };
}
