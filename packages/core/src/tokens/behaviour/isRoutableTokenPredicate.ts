import type { Address } from "viem";
import { chains, type ChainName } from "../../chains/chains.js";
import type { TokenBehaviours } from "./tokenBehaviourTypes.js";

/**
 * The injectable `isRoutableToken` predicate of a chain: whether a token transfers normally, so it may carry a route
 * through it and be listed. A token checked `standard` is; a token checked anything else is not; an unchecked
 * (`unknown`) one is only if it is one of the chain's curated registry tokens (vetted by hand at their real
 * addresses). Any other unchecked token is kept out until the cron has simulated it: a wrong "yes" can cost a user
 * funds (a route through a fee-on-transfer hop pays out less than the minimum, or reverts), a wrong "no" only a route.
 */
export function isRoutableTokenPredicate(chain: ChainName, behaviours: TokenBehaviours): (token: Address) => boolean {
  const curated = new Set(chains[chain].curatedTokens.map((t) => t.address.toLowerCase()));
  return (token) => {
    const lower = token.toLowerCase() as Address;
    const record = behaviours.get(lower);
    if (record && record.behaviour !== "unknown") return record.behaviour === "standard";
    return curated.has(lower);
  };
}
