/**
 * Errors of the pool math. Each mirrors a revert of the Uniswap contracts, so that a quote which would revert on chain
 * fails here too, with a message that says why.
 */
export type PoolMathErrorCode =
  | "OVERFLOW"
  | "DIVISION_BY_ZERO"
  | "INVALID_TICK"
  | "INVALID_SQRT_RATIO"
  | "INVALID_PRICE_LIMIT"
  | "INSUFFICIENT_LIQUIDITY"
  | "INSUFFICIENT_INPUT_AMOUNT"
  | "INSUFFICIENT_OUTPUT_AMOUNT"
  | "LIQUIDITY_UNDERFLOW"
  | "INVALID_POOL_STATE"
  | "TICK_DATA_INCOMPLETE"
  | "UNKNOWN_TOKEN";

export class PoolMathError extends Error {
  override readonly name = "PoolMathError";
  constructor(
    readonly code: PoolMathErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Throws a `PoolMathError` unless `condition` holds (the `require` of the contracts). */
export function require_(condition: boolean, code: PoolMathErrorCode, message: string): asserts condition {
  if (!condition) throw new PoolMathError(code, message);
}
