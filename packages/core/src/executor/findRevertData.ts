import { BaseError, ContractFunctionRevertedError, type Hex } from "viem";

/**
 * The revert data of a failed `eth_call` (`"0x"` for a revert without data), or undefined when the call never reached
 * the chain (the RPC failed): only the first says the call would revert.
 */
export function findRevertData(error: unknown): Hex | undefined {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.raw) return reverted.raw;
    const withData = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
    if (withData?.data?.startsWith("0x")) return withData.data;
    if (/revert/i.test(error.message)) return "0x";
  }
  return undefined;
}
