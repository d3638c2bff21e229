import type { ScenarioPool, ScenarioV2Pool, ScenarioV3Pool } from "./scenarioSchema.js";
import type { ResolvedPool, ResolvedPosition, ResolvedToken, ResolvedV2Pool, ResolvedV3Pool } from "./resolvedTypes.js";
import { ScenarioError } from "./scenarioError.js";
import { parseAmount } from "./parseAmount.js";
import { tokenLookup } from "./resolveTokens.js";
import { nearestUsableTick, parseDecimalFraction, rawPoolPrice, sqrtBigint, sqrtPriceX96 } from "../uniswap/priceMath.js";
import { MIN_SQRT_RATIO, sqrtRatioAtTick, tickSpacingByFee } from "../uniswap/tickMath.js";
import { liquidityForAmounts } from "../uniswap/liquidityAmounts.js";

const maxUint112 = (1n << 112n) - 1n;
const v2MinimumLiquidity = 1000n;

/** Resolves pools, refusing duplicates (one V2 pair per token pair, one V3 pool per pair and fee). */
export function resolvePools(pools: readonly ScenarioPool[], tokens: readonly ResolvedToken[], fieldPrefix: string): ResolvedPool[] {
  const lookup = tokenLookup(tokens);
  const existing = new Map<string, string>();
  return pools.map((pool, index) => {
    const field = `${fieldPrefix}[${index}]`;
    const a = lookup(pool.tokens[0], `${field}.tokens[0]`);
    const b = lookup(pool.tokens[1], `${field}.tokens[1]`);
    if (a.address === b.address) throw new ScenarioError(`${field}.tokens`, "a pool needs two different tokens");
    const [low, high] = a.address.toLowerCase() < b.address.toLowerCase() ? [a, b] : [b, a];
    const key = `${pool.protocol}:${low.address}:${high.address}:${pool.protocol === "uniswap-v3" ? pool.fee : ""}`;
    const duplicate = existing.get(key);
    if (duplicate) {
      const what = pool.protocol === "uniswap-v3" ? `${pool.protocol} ${pool.fee} pool` : `${pool.protocol} pool`;
      throw new ScenarioError(`${field}.tokens`, `a ${what} for ${a.symbol}/${b.symbol} already exists (${duplicate})`);
    }
    existing.set(key, field);
    const tradeDaysAgo = Math.max(a.lastTradedDaysAgo, b.lastTradedDaysAgo);
    return pool.protocol === "uniswap-v2"
      ? resolveV2Pool(pool, field, a, b, tradeDaysAgo)
      : resolveV3Pool(pool, field, a, b, tradeDaysAgo);
  });
}

function resolveV2Pool(pool: ScenarioV2Pool, field: string, a: ResolvedToken, b: ResolvedToken, tradeDaysAgo: number): ResolvedV2Pool {
  const amountA = parseAmount(pool.reserves[0], a.decimals, `${field}.reserves[0]`, a.symbol);
  const amountB = parseAmount(pool.reserves[1], b.decimals, `${field}.reserves[1]`, b.symbol);
  const aIsToken0 = a.address.toLowerCase() < b.address.toLowerCase();
  const [token0, token1, reserve0, reserve1] = aIsToken0 ? [a, b, amountA, amountB] : [b, a, amountB, amountA];
  if (reserve0 > maxUint112 || reserve1 > maxUint112) throw new ScenarioError(`${field}.reserves`, "too large for a V2 pair (2^112 raw units)");
  if (sqrtBigint(reserve0 * reserve1) <= v2MinimumLiquidity * 2n) {
    throw new ScenarioError(`${field}.reserves`, "too small: a V2 pair needs sqrt(reserve0 × reserve1) above 2000 raw units");
  }
  const trade = v2AgeingTrade(reserve0, reserve1);
  if (!trade) throw new ScenarioError(`${field}.reserves`, "too small to trade against");
  return { protocol: "uniswap-v2", field, token0, token1, reserve0, reserve1, tradeDaysAgo, ...trade };
}

/**
 * The smallest honest trade that ends at the target reserves: from (r0 − in, r1 + out), paying `in` of token0 and
 * taking `out` of token1 must pass the pair's fee-adjusted constant-product check.
 */
function v2AgeingTrade(reserve0: bigint, reserve1: bigint): { amountIn: bigint; amountOut: bigint } | null {
  const amountOut = reserve1 / 1_000_000n > 0n ? reserve1 / 1_000_000n : 1n;
  let amountIn = (reserve0 * amountOut * 1000n) / (reserve1 * 997n) + 1n;
  const passes = (amountIn: bigint) =>
    (reserve0 * 1000n - amountIn * 3n) * reserve1 * 1000n >= (reserve0 - amountIn) * (reserve1 + amountOut) * 1_000_000n;
  while (amountIn < reserve0 && !passes(amountIn)) amountIn = amountIn * 2n + 1n;
  return amountIn < reserve0 && reserve0 - amountIn > 0n ? { amountIn, amountOut } : null;
}

function resolveV3Pool(pool: ScenarioV3Pool, field: string, a: ResolvedToken, b: ResolvedToken, tradeDaysAgo: number): ResolvedV3Pool {
  const aIsToken0 = a.address.toLowerCase() < b.address.toLowerCase();
  const [token0, token1] = aIsToken0 ? [a, b] : [b, a];
  const tickSpacing = tickSpacingByFee[pool.fee]!;
  // Scenario prices are "tokens[1] per tokens[0]"; the pool's price is raw token1 per raw token0.
  const poolPrice = (human: string) => rawPoolPrice(parseDecimalFraction(human), token0.decimals, token1.decimals, aIsToken0);

  const sqrtPrice = sqrtPriceX96(poolPrice(pool.price));
  if (sqrtPrice === null) throw new ScenarioError(`${field}.price`, "outside the range a Uniswap V3 pool can hold");
  const awaySqrtPriceX96 = sqrtPrice - sqrtPrice / 1_000_000n - 1n;
  if (awaySqrtPriceX96 <= MIN_SQRT_RATIO) throw new ScenarioError(`${field}.price`, "too close to the lowest V3 price");

  const positions = pool.positions.map((position, index): ResolvedPosition => {
    const positionField = `${field}.positions[${index}]`;
    const tickA = nearestUsableTick(poolPrice(position.priceLower), tickSpacing);
    const tickB = nearestUsableTick(poolPrice(position.priceUpper), tickSpacing);
    const [tickLower, tickUpper] = tickA < tickB ? [tickA, tickB] : [tickB, tickA];
    if (tickLower === tickUpper) {
      throw new ScenarioError(`${positionField}.priceUpper`, `priceLower and priceUpper round to the same tick (${tickLower})`);
    }
    const amountA = parseAmount(position.amounts[0], a.decimals, `${positionField}.amounts[0]`, a.symbol);
    const amountB = parseAmount(position.amounts[1], b.decimals, `${positionField}.amounts[1]`, b.symbol);
    const [amount0, amount1] = aIsToken0 ? [amountA, amountB] : [amountB, amountA];
    const liquidity = liquidityForAmounts(sqrtPrice, sqrtRatioAtTick(tickLower), sqrtRatioAtTick(tickUpper), amount0, amount1);
    if (liquidity === 0n) throw new ScenarioError(`${positionField}.amounts`, "too small to mint any liquidity in this range");
    return { tickLower, tickUpper, liquidity, amount0, amount1 };
  });
  return { protocol: "uniswap-v3", field, token0, token1, fee: pool.fee, tickSpacing, sqrtPriceX96: sqrtPrice, awaySqrtPriceX96, positions, tradeDaysAgo };
}
