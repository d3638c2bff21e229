import { parseArgs } from "node:util";
import {
  chainNames, createGraphCache, createTokenQualitySource, parseChainConfig, readIndexStatus, refreshChainGraphs, SluiceError,
  type ChainName, type IndexProgressSummary,
} from "@sluice/core";
import type { AdminContext } from "./adminCommands.js";

export const indexUsage =
  "index --chain CHAIN [--max-subrequests N] [--max-rounds N]   (runs the chain's index from here until it is ready and current: " +
  "the first index of a large chain, which a Workers cron would build a slice a minute; rounds take the cron's lock, " +
  "progress lines go to stderr)";

const DEFAULT_MAX_SUBREQUESTS = 5_000;
const DEFAULT_MAX_ROUNDS = 10_000;
const LOCKED_WAIT_MS = 5_000;

const positive = (value: unknown, field: string, fallback: number): number => {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !/^[1-9]\d*$/.test(value)) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a positive whole number`);
  return Number(value);
};

/**
 * `pnpm admin index --chain CHAIN`: the swap cron's indexing (`refreshChainGraphs`: the chain's lock, budgeted
 * slices, the token list) run round after round from the operator's machine until the chain's index is ready. The
 * graph being built lives in the same keys the cron uses, so the cron carries on where this stops (and the other way
 * round); a round the cron holds the lock for is waited out.
 */
export async function indexCommand(args: string[], ctx: AdminContext): Promise<{ rounds: number; index: IndexProgressSummary }> {
  const { values } = parseArgs({ args, options: { chain: { type: "string" }, "max-subrequests": { type: "string" }, "max-rounds": { type: "string" } }, strict: true });
  const chain = values.chain;
  if (typeof chain !== "string" || !(chainNames as readonly string[]).includes(chain)) {
    throw new SluiceError("MALFORMED_REQUEST", `--chain: must be one of ${chainNames.join(", ")}, got '${chain ?? ""}'`);
  }
  const deployment = parseChainConfig(ctx.sluiceChains)[chain as ChainName];
  if (!deployment) throw new SluiceError("UNSUPPORTED_CHAIN", `${chain} is not configured in SLUICE_CHAINS`);
  const maxSubrequests = positive(values["max-subrequests"], "--max-subrequests", DEFAULT_MAX_SUBREQUESTS);
  const maxRounds = positive(values["max-rounds"], "--max-rounds", DEFAULT_MAX_ROUNDS);

  const only = JSON.stringify({ [chain]: deployment });
  const env = { SLUICE_CHAINS: only, INDEX_MAX_SUBREQUESTS: maxSubrequests, INDEX_MAX_MS: 60_000 };
  const graphs = createGraphCache();
  const quality = createTokenQualitySource({ redis: ctx.redis, openDb: () => ({ db: ctx.db, close: async () => {} }) });
  const log = (level: string, event: string, fields: object = {}) => console.error(JSON.stringify({ level, event, ...fields }));
  for (let rounds = 1; rounds <= maxRounds; rounds++) {
    const before = (await readIndexStatus({ redis: ctx.redis(), sluiceChains: only }))[0]!;
    await refreshChainGraphs({ env, redis: ctx.redis(), graphs, quality, log });
    const index = (await readIndexStatus({ redis: ctx.redis(), sluiceChains: only }))[0]!;
    if (index.ready) return { rounds, index };
    // Nothing moved: the cron holds the chain's lock (or the round failed, as its log line says). Try again shortly.
    if (index.updatedAt === before.updatedAt) await new Promise((resolve) => setTimeout(resolve, LOCKED_WAIT_MS));
  }
  throw new SluiceError("DEPENDENCY_DOWN", `${chain}: index not ready after ${maxRounds} rounds (see the progress lines)`);
}
