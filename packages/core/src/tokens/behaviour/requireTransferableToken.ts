import type { Address } from "viem";
import { chains } from "../../chains/chains.js";
import { SluiceError } from "../../errors/SluiceError.js";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import type { Redis } from "../../redis/createRedis.js";
import { storeTokenBehaviours } from "./storeTokenBehaviours.js";
import type { TokenBehaviourRecord, TokenBehaviours } from "./tokenBehaviourTypes.js";

export type RequireTransferableTokenParameters = {
  redis: Redis;
  /** Probes a token's transfers (`detectTokenBehaviour` on the chain's client; the quote bounds and classifies its failures). */
  detect: (token: Address) => Promise<TokenBehaviourRecord>;
  graph: ChainGraph;
  behaviours: TokenBehaviours;
  token: Address;
  /** How the request named it: `tokenIn` or `tokenOut`. */
  side: "tokenIn" | "tokenOut";
  symbol: string;
};

/**
 * Refuses a swap whose input or output token does not transfer normally (UNSUPPORTED_TOKEN naming the token and
 * its behaviour). A token not yet checked that is not a curated registry token is simulated on the spot (one
 * `eth_call`) and the result stored; if the probe cannot tell, the swap is refused too: Sluice never sends a user's
 * funds through a token whose transfers it could not verify.
 */
export async function requireTransferableToken(p: RequireTransferableTokenParameters): Promise<TokenBehaviourRecord | undefined> {
  const token = p.token.toLowerCase() as Address;
  // A token in no indexed pool cannot be routed at all (the router answers NO_ROUTE); nothing to borrow it from.
  if (!p.graph.poolsByToken.get(token)?.length) return undefined;
  let record = p.behaviours.get(token);
  const curated = chains[p.graph.chain].curatedTokens.some((t) => t.address.toLowerCase() === token);
  if ((!record || record.behaviour === "unknown") && curated) return record;
  if (!record) {
    record = await p.detect(token);
    await storeTokenBehaviours(p.redis, p.graph.chain, new Map([[token, record]])).catch(() => {});
  }
  if (record.behaviour === "standard") return record;
  const name = `${p.side} ${token} (${p.symbol})`;
  const message = record.behaviour === "unknown"
    ? `${name}: Sluice could not verify that it transfers normally on ${p.graph.chain} (${record.detail}); Sluice does not route it`
    : `${name} is a ${record.behaviour} token; Sluice does not route it`;
  throw new SluiceError("UNSUPPORTED_TOKEN", message, { body: { token, tokenBehaviour: record.behaviour } });
}
