import { FEE_DENOMINATOR } from "./constants.js";
import { getAmount0Delta } from "./getAmount0Delta.js";
import { getAmount1Delta } from "./getAmount1Delta.js";
import { getNextSqrtPriceFromInput } from "./getNextSqrtPriceFromInput.js";
import { getNextSqrtPriceFromOutput } from "./getNextSqrtPriceFromOutput.js";
import { mulDiv } from "./mulDiv.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

export type ComputeSwapStepReturnType = {
  /** The price after the step, never beyond the target. */
  sqrtRatioNextX96: bigint;
  /** Input consumed by the step, fee excluded. */
  amountIn: bigint;
  amountOut: bigint;
  /** Input taken as fee. */
  feeAmount: bigint;
};

/**
 * SwapMath.computeSwapStep: the result of swapping within one price range, bit-exact with the contract.
 * `amountRemaining` ≥ 0 is an exact input, < 0 an exact output; the direction is inferred from the target price.
 */
export function computeSwapStep(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: number,
): ComputeSwapStepReturnType {
  const fee = BigInt(feePips);
  const zeroForOne = sqrtRatioCurrentX96 >= sqrtRatioTargetX96;
  const exactIn = amountRemaining >= 0n;
  let sqrtRatioNextX96: bigint;
  let amountIn = 0n;
  let amountOut = 0n;

  if (exactIn) {
    const amountRemainingLessFee = mulDiv(amountRemaining, FEE_DENOMINATOR - fee, FEE_DENOMINATOR);
    amountIn = zeroForOne
      ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
      : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true);
    sqrtRatioNextX96 =
      amountRemainingLessFee >= amountIn
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne);
  } else {
    amountOut = zeroForOne
      ? getAmount1Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, false)
      : getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, false);
    sqrtRatioNextX96 =
      -amountRemaining >= amountOut
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromOutput(sqrtRatioCurrentX96, liquidity, -amountRemaining, zeroForOne);
  }

  const max = sqrtRatioTargetX96 === sqrtRatioNextX96;
  if (zeroForOne) {
    if (!(max && exactIn)) amountIn = getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true);
    if (!(max && !exactIn)) amountOut = getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false);
  } else {
    if (!(max && exactIn)) amountIn = getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true);
    if (!(max && !exactIn)) amountOut = getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, false);
  }

  // cap the output amount to not exceed the remaining output amount
  if (!exactIn && amountOut > -amountRemaining) amountOut = -amountRemaining;

  const feeAmount =
    exactIn && sqrtRatioNextX96 !== sqrtRatioTargetX96
      ? amountRemaining - amountIn // the target was not reached: the rest of the input is the fee
      : mulDivRoundingUp(amountIn, fee, FEE_DENOMINATOR - fee);

  return { sqrtRatioNextX96, amountIn, amountOut, feeAmount };
}
