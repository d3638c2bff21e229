/**
 * The init code hashes of Uniswap's V2 pair and V3 pool: the same on Ethereum, Base, Arbitrum and Polygon (Uniswap's
 * own deployments), and the ones the devnet's official builds produce. The executor derives every pool's address from
 * them and the chain's factory.
 */
import type { Hex } from "viem";

export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
export const UNISWAP_V3_POOL_INIT_CODE_HASH: Hex = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";
