import { formatGwei } from "viem";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * The refusal of a gasless send when the chain asks more per gas than the cap (`maxFeePerGasWei`): the relayer never
 * overpays for a user's swap. Undefined when the fees are within it (or there is no cap). Checked before a nonce is
 * taken (`sendGaslessSolve`) and before anything is signed (`sendRelayerTransaction`): one answer for both.
 */
export function feesAboveCap(fees: { maxFeePerGas: bigint }, cap: bigint | undefined): SluiceError | undefined {
  if (cap === undefined || fees.maxFeePerGas <= cap) return undefined;
  return new SluiceError("UPSTREAM_ERROR",
    `Gas on this chain costs more than Sluice pays for a gasless swap (${formatGwei(fees.maxFeePerGas)} gwei asked, ${formatGwei(cap)} gwei at most); nothing was sent, retry later`,
    { hint: "the user can also submit the swap themselves: /solve with dryRun, then /confirm" });
}
