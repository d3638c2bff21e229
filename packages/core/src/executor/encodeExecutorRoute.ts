import { concatHex, isAddressEqual, numberToHex, type Address, type Hex } from "viem";
import type { ExecutorRoute } from "./executorRoute.js";

/** Largest split amount the packed encoding holds (uint128). */
const MAX_SPLIT_AMOUNT = (1n << 128n) - 1n;
/** Split and hop counts are one byte each. */
const MAX_COUNT = 255;
const KIND_BYTE = { v2: 0, v3: 1 } as const;

/**
 * Packs a route into the executor's compact encoding (see SluiceExecutor.sol):
 *   route := splitCount:uint8 · split*   split := amountIn:uint128 · hopCount:uint8 · hop*
 *   hop   := pool:address · kind:uint8 (0 = V2, 1 = V3) · fee:uint24 (V3; 0 for V2) · tokenOut:address
 * Each hop's input token is implied by the previous hop (or the permit), so it is checked here and not sent:
 * 44 bytes per hop instead of an ABI-encoded struct array's 128 or more. The fee lets the executor derive the
 * pool's address from its factory and so refuse any other contract.
 *
 * Throws when the route is one the contract would reject (`InvalidRoute`), so a bad route fails before it costs gas.
 * `tokenIn` is the permit's token and `amountIn` the permit's amount.
 */
export function encodeExecutorRoute(route: ExecutorRoute, tokenIn: Address, amountIn: bigint): Hex {
  const { splits } = route;
  if (splits.length === 0 || splits.length > MAX_COUNT) throw new Error(`route needs 1..${MAX_COUNT} splits`);
  const tokenOut = splits[0]!.hops.at(-1)?.tokenOut;
  if (!tokenOut) throw new Error("route split 0 has no hops");
  if (isAddressEqual(tokenOut, tokenIn)) throw new Error("route output token equals its input token");

  const parts: Hex[] = [numberToHex(splits.length, { size: 1 })];
  let total = 0n;
  splits.forEach((split, s) => {
    if (split.amountIn <= 0n || split.amountIn > MAX_SPLIT_AMOUNT) throw new Error(`split ${s}: amountIn out of range`);
    if (split.hops.length === 0 || split.hops.length > MAX_COUNT) throw new Error(`split ${s}: needs 1..${MAX_COUNT} hops`);
    total += split.amountIn;
    parts.push(numberToHex(split.amountIn, { size: 16 }), numberToHex(split.hops.length, { size: 1 }));
    let expectedIn = tokenIn;
    split.hops.forEach((hop, h) => {
      if (!isAddressEqual(hop.tokenIn, expectedIn)) {
        throw new Error(`split ${s} hop ${h}: tokenIn ${hop.tokenIn} does not follow ${expectedIn}`);
      }
      const fee = hop.kind === "v3" ? hop.fee : 0;
      if (!Number.isInteger(fee) || fee < 0 || fee >= 1 << 24) throw new Error(`split ${s} hop ${h}: fee ${fee} out of range`);
      parts.push(hop.pool, numberToHex(KIND_BYTE[hop.kind], { size: 1 }), numberToHex(fee, { size: 3 }), hop.tokenOut);
      expectedIn = hop.tokenOut;
    });
    if (!isAddressEqual(expectedIn, tokenOut)) throw new Error(`split ${s}: ends in ${expectedIn}, not ${tokenOut}`);
  });
  if (total !== amountIn) throw new Error(`route splits add up to ${total}, the permit's amount is ${amountIn}`);
  return concatHex(parts).toLowerCase() as Hex;
}
