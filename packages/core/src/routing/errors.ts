/** Errors of route search. */
export type RouteErrorCode =
  /** amountIn is not positive, or tokenIn equals tokenOut. */
  | "INVALID_REQUEST"
  /** No path of at most `maxHops` pools connects the two tokens. */
  | "NO_ROUTE"
  /** Paths exist but none (nor any split across them) can absorb the whole input. */
  | "INSUFFICIENT_LIQUIDITY";

export class RouteError extends Error {
  override readonly name = "RouteError";
  constructor(
    readonly code: RouteErrorCode,
    message: string,
  ) {
    super(message);
  }
}
