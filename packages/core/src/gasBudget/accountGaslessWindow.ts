import { redisKeys } from "../redis/redisKeys.js";

/** The account budget's window (`ACCOUNT_GASLESS_REVERTS_FLOOR`): a day, read sliding (see `accountGaslessWindow`). */
export const ACCOUNT_GASLESS_WINDOW_MS = 24 * 3600_000;
/** How long a window's counts are kept: while they are the current or the previous window, and an hour more. */
export const ACCOUNT_GASLESS_KEEP_SECONDS = (2 * ACCOUNT_GASLESS_WINDOW_MS) / 1000 + 3600;

export type AccountGaslessWindowParameters = { chainId: number; accountId: string; now?: number };

export type AccountGaslessWindowReturnType = {
  /** Where this moment's sends and reverts are counted. */
  current: string;
  previous: string;
  /** How much of the previous window still counts (basis points): the part of it within the last 24 hours. */
  previousWeightBps: number;
};

/**
 * The account's gasless counts as a sliding day, the way `@upstash/ratelimit`'s sliding window counts requests: this
 * window's counts plus the previous window's weighted by how much of it lies within the last 24 hours. Fixed windows
 * that start again at zero would pause a busy partner for a day on a cluster of honest reverts early in a window (its
 * sends not yet counted); a sliding day lets reverts age out, so a pause lifts by itself.
 */
export function accountGaslessWindow(p: AccountGaslessWindowParameters): AccountGaslessWindowReturnType {
  const now = p.now ?? Date.now();
  const window = Math.floor(now / ACCOUNT_GASLESS_WINDOW_MS);
  const elapsed = now - window * ACCOUNT_GASLESS_WINDOW_MS;
  return {
    current: redisKeys.gaslessAccount(p.chainId, p.accountId, window),
    previous: redisKeys.gaslessAccount(p.chainId, p.accountId, window - 1),
    previousWeightBps: Math.floor(((ACCOUNT_GASLESS_WINDOW_MS - elapsed) * 10_000) / ACCOUNT_GASLESS_WINDOW_MS),
  };
}
