/**
 * Records that `/bridge/quote` gave this account this deposit, so that `/bridge/track` credits the deposit only to an
 * account whose quote produced it (`wasBridgeQuoteIssued`): tracking is not first-come, and one partner cannot claim
 * another's users' deposits, their webhooks and their volume.
 */
import type { Hex } from "viem";
import type { Redis } from "../redis/redisClient.js";
import { redisKeys } from "../redis/redisKeys.js";
import { bridgeDepositFingerprint } from "./bridgeDepositFingerprint.js";
import { decodeDepositCalldata } from "./validation/decodeDepositCalldata.js";

/**
 * How long a quote's deposit may be tracked by its account. A quote is valid for at most an hour and `/bridge/track`
 * is called once the deposit confirms; a day leaves room for partners that track in later batches. A deposit already
 * tracked stays trackable (idempotently) by its account after this.
 */
export const BRIDGE_QUOTE_BINDING_SECONDS = 24 * 3600;

export type RememberBridgeQuoteParameters = { redis: Redis; accountId: string; originChainId: number; depositCalldata: Hex };

export async function rememberBridgeQuote({ redis, accountId, originChainId, depositCalldata }: RememberBridgeQuoteParameters): Promise<void> {
  const deposit = decodeDepositCalldata(depositCalldata);
  const fingerprint = bridgeDepositFingerprint({ originChainId, ...deposit });
  await redis.set(redisKeys.bridgeQuoteIssued(fingerprint, accountId), "1", { ex: BRIDGE_QUOTE_BINDING_SECONDS });
}
