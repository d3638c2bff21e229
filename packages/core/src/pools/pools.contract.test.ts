import { getAmount0Delta } from "./v3/math/getAmount0Delta.js";
import { getAmount1Delta } from "./v3/math/getAmount1Delta.js";
import { getSqrtRatioAtTick } from "./v3/math/getSqrtRatioAtTick.js";
import { describePoolContract, makeV3Pool, maxUsableTick, minUsableTick, type Position } from "@sluice/testkit";
import { V2Pool } from "./v2/v2Pool.js";

const T0 = "0x000000000000000000000000000000000000000a" as const;
const T1 = "0x000000000000000000000000000000000000000b" as const;
const E18 = 10n ** 18n;

describePoolContract("uniswap-v2", () => {
  const reserve0 = 1_000n * E18;
  const reserve1 = 2_500_000n * 10n ** 6n;
  return {
    pool: new V2Pool({ address: "0x00000000000000000000000000000000000000f2", token0: T0, token1: T1, reserve0, reserve1 }),
    balances: { [T0]: reserve0, [T1]: reserve1 },
    scale: { [T0]: 50n * E18, [T1]: 125_000n * 10n ** 6n },
  };
});

/** Token amounts held by the positions at the pool's price (rounded up, as minted). */
function balancesOf(positions: Position[], sqrtPriceX96: bigint, tick: number) {
  let [b0, b1] = [0n, 0n];
  for (const p of positions) {
    const lower = getSqrtRatioAtTick(p.tickLower);
    const upper = getSqrtRatioAtTick(p.tickUpper);
    if (tick < p.tickLower) b0 += getAmount0Delta(lower, upper, p.liquidity, true);
    else if (tick < p.tickUpper) {
      b0 += getAmount0Delta(sqrtPriceX96, upper, p.liquidity, true);
      b1 += getAmount1Delta(lower, sqrtPriceX96, p.liquidity, true);
    } else b1 += getAmount1Delta(lower, upper, p.liquidity, true);
  }
  return { [T0]: b0, [T1]: b1 };
}

for (const [fee, spacing] of [[100, 1], [500, 10], [3000, 60], [10000, 200]] as const) {
  describePoolContract(`uniswap-v3 fee ${fee}`, () => {
    const tick = 203 * spacing + 7; // off the spacing grid and away from word boundaries
    const sqrtPriceX96 = getSqrtRatioAtTick(tick) + 999n;
    const positions: Position[] = [
      { tickLower: minUsableTick(spacing), tickUpper: maxUsableTick(spacing), liquidity: 10n ** 17n },
      { tickLower: 150 * spacing, tickUpper: 260 * spacing, liquidity: 5n * 10n ** 19n },
      { tickLower: 200 * spacing, tickUpper: 204 * spacing, liquidity: 3n * 10n ** 20n }, // thin and concentrated
      { tickLower: -600 * spacing, tickUpper: 100 * spacing, liquidity: 10n ** 19n }, // beyond a liquidity gap
    ];
    const pool = makeV3Pool({ token0: T0, token1: T1, fee, sqrtPriceX96, positions });
    const balances = balancesOf(positions, sqrtPriceX96, pool.tick);
    return { pool, balances, scale: { [T0]: balances[T0] / 40n, [T1]: balances[T1] / 40n } };
  });
}
