/**
 * The scenario file format (see the project's devnet-scenario document). zod checks the shape; `resolveScenario`
 * checks what needs the whole file (unknown symbols, duplicate pools, prices a pool cannot hold).
 */
import { z } from "zod";
import { isAddress, type Address } from "viem";
import { chainNames } from "@sluice/core";

const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal string such as "1.5"');
const positiveDecimal = decimalString.refine((v) => /[1-9]/.test(v), "must be greater than zero");
const address = z.string()
  .refine((v) => isAddress(v, { strict: false }), "must be a 0x-prefixed 20-byte address")
  .transform((v) => v as Address);
/** A token named in a pool or wallet: its symbol, or its address when two tokens share the symbol. */
const tokenRef = z.string().min(1, "must name a token by symbol or address");

/** How a devnet token transfers (see contracts/odd). */
export const tokenBehaviours = [
  "standard", "fee-on-transfer", "transfer-blocking", "rebasing", "sell-blocking", "sell-tax", "live-sell-blocking",
] as const;
export type DevnetTokenBehaviour = (typeof tokenBehaviours)[number];

export const v3Fees = [100, 500, 3000, 10000] as const;
export type V3Fee = (typeof v3Fees)[number];

export const scenarioTokenSchema = z.strictObject({
  symbol: z.string().min(1, "must not be empty").max(32, "must be at most 32 characters"),
  decimals: z.number().int("must be an integer").min(0, "must be between 0 and 36").max(36, "must be between 0 and 36"),
  address: address.optional(),
  curated: z.boolean().default(false),
  quality: z.number().min(0, "must be between 0 and 100").max(100, "must be between 0 and 100").default(100),
  lastTradedDaysAgo: z.number().int("must be a whole number of days").min(0, "must be 0 or more").max(3650, "must be at most 3650").default(0),
  /**
   * How the token transfers once seeded: `standard`, or one of the non-standard kinds (`fee-on-transfer` burns 1% of
   * every transfer, `transfer-blocking` is paused, `rebasing` has had its balances scaled by a rebase) or a honeypot
   * that can be bought but not sold (`sell-blocking` reverts every transfer into a pool, `sell-tax` burns 10% of it,
   * `live-sell-blocking` reverts it unless tx.origin or tx.gasprice is 0, as in a bare eth_call). Default standard.
   */
  behaviour: z.enum(tokenBehaviours, { error: `must be one of ${tokenBehaviours.join(", ")}` }).optional(),
});

const v2PoolSchema = z.strictObject({
  protocol: z.literal("uniswap-v2"),
  tokens: z.tuple([tokenRef, tokenRef], { error: "must list exactly two tokens" }),
  reserves: z.tuple([positiveDecimal, positiveDecimal], { error: "must list exactly two amounts" }),
});

const v3PositionSchema = z.strictObject({
  priceLower: positiveDecimal,
  priceUpper: positiveDecimal,
  amounts: z.tuple([decimalString, decimalString], { error: "must list exactly two amounts" }),
});

const v3PoolSchema = z.strictObject({
  protocol: z.literal("uniswap-v3"),
  tokens: z.tuple([tokenRef, tokenRef], { error: "must list exactly two tokens" }),
  fee: z.union(v3Fees.map((fee) => z.literal(fee)), { error: `must be one of ${v3Fees.join(", ")}` }),
  price: positiveDecimal,
  positions: z.array(v3PositionSchema).default([]),
});

export const scenarioPoolSchema = z.discriminatedUnion("protocol", [v2PoolSchema, v3PoolSchema], {
  error: 'protocol must be "uniswap-v2" or "uniswap-v3"',
});

const walletSchema = z.strictObject({
  address,
  native: decimalString.optional(),
  balances: z.record(tokenRef, decimalString).default({}),
});

const generateSchema = z.strictObject({
  /**
   * `random` (default): log-uniform prices and depths among new tokens only, for benchmarks. `mainnet-like`: the
   * chain's hub tokens (WETH, USDC, USDT, DAI, WBTC or the registry's subset) with deep pools among them, a long tail
   * with power-law liquidity, dust pools quoting wrong prices, and non-standard tokens (`generateMainnetLikeGraph`).
   */
  mode: z.enum(["random", "mainnet-like"], { error: 'must be "random" or "mainnet-like"' }).default("random"),
  tokens: z.number().int("must be an integer").min(2, "must be at least 2").max(100_000, "must be at most 100000"),
  pools: z.number().int("must be an integer").min(0, "must be 0 or more").max(200_000, "must be at most 200000"),
  v3Share: z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1").default(0.5),
  seed: z.number().int("must be an integer").default(1),
  /** mainnet-like: the share of `pools` that are dust (tens to hundreds of USD, priced 3–30× off). */
  dustShare: z.number().min(0, "must be between 0 and 0.9").max(0.9, "must be between 0 and 0.9").default(0.3),
  /** mainnet-like: non-standard tokens added, cycling fee-on-transfer, transfer-blocking, rebasing. */
  oddTokens: z.number().int("must be an integer").min(0, "must be between 0 and 300").max(300, "must be between 0 and 300").default(3),
});

export const scenarioChainSchema = z.strictObject({
  tokens: z.array(scenarioTokenSchema).default([]),
  pools: z.array(scenarioPoolSchema).default([]),
  wallets: z.array(walletSchema).default([]),
  generate: generateSchema.optional(),
});

export const scenarioSchema = z.strictObject({
  name: z.string().min(1, "must not be empty"),
  chains: z.partialRecord(z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }), scenarioChainSchema).default({}),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioChain = z.infer<typeof scenarioChainSchema>;
export type ScenarioToken = z.infer<typeof scenarioTokenSchema>;
export type ScenarioPool = z.infer<typeof scenarioPoolSchema>;
export type ScenarioV2Pool = z.infer<typeof v2PoolSchema>;
export type ScenarioV3Pool = z.infer<typeof v3PoolSchema>;
export type ScenarioWallet = z.infer<typeof walletSchema>;
export type GenerateOptions = z.infer<typeof generateSchema>;
