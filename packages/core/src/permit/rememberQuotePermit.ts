import type { Redis } from "../redis/createRedis.js";
import type { SwapQuote } from "../quoting/swapQuote.js";
import { rememberIssuedPermit } from "./rememberIssuedPermit.js";

/**
 * Remembers the permit of a /route answer given to `accountId` on `environment`'s deployment (see `IssuedPermit`);
 * nothing when it has none.
 */
export async function rememberQuotePermit(
  redis: Redis, quote: SwapQuote, accountId: string, environment: "production" | "sandbox",
): Promise<void> {
  const message = quote.permit?.message;
  if (!message) return;
  await rememberIssuedPermit(redis, {
    chainId: quote.chainId,
    nonce: BigInt(message.nonce),
    deadline: BigInt(message.deadline),
    accountId,
    environment,
    tokenIn: quote.tokenIn.address,
    amountIn: message.permitted.amount,
    tokenOut: quote.tokenOut.address,
    minAmountOut: message.witness.minAmountOut,
  });
}
