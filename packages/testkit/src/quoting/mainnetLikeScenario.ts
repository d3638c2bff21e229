/**
 * A mainnet-like scenario small enough to seed in seconds (chain `base`): the hubs, 60 tail tokens, 300 pools of which
 * 30% dust priced 3–30× off, and 6 non-standard tokens (two of each kind). `mainnetLikeGraph()` regenerates what it is
 * made of (prices, depths, dust pools, odd tokens) for assertions; the generator is deterministic by seed.
 */
import { generateMainnetLikeGraph } from "@sluice/devnet";

export const mainnetLikeOptions = { mode: "mainnet-like" as const, tokens: 60, pools: 300, v3Share: 0.5, seed: 11, dustShare: 0.3, oddTokens: 6 };

export const mainnetLikeScenario = { name: "mainnet-like", chains: { base: { generate: mainnetLikeOptions } } };

export const mainnetLikeGraph = () => generateMainnetLikeGraph("base", mainnetLikeOptions, [], "chains.base.generate");
