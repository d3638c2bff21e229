import type { Address } from "viem";

/**
 * What a /route answer's permit binds, remembered by its nonce so a plain `PermitTransferFrom` (which signs only the
 * input) can be held to it at /solve: the account it was issued to, the input, the output token and the minimum.
 */
export type IssuedPermit = {
  accountId: string;
  tokenIn: Address;
  /** Raw input amount (decimal string). */
  amountIn: string;
  tokenOut: Address;
  /** Raw minimum output (decimal string). */
  minAmountOut: string;
};
