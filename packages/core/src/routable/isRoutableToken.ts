import type { ChainName } from "../chains/chains.js";
import type { IndexedToken } from "../indexer/graphTypes.js";

/**
 * Whether a token may be part of the routable universe at all (its pools are routable only when both tokens pass).
 * The hook for transfer-behaviour checks (fee-on-transfer, rebasing, transfer-blocking tokens fail it); injected
 * through `ChainIndexSource.isRoutableToken`.
 */
export type RoutableTokenPredicate = (token: IndexedToken, chain: ChainName) => boolean;

/** The default predicate: every indexed token passes. */
export const allTokensRoutable: RoutableTokenPredicate = () => true;
