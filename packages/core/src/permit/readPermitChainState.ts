import type { Address, PublicClient } from "viem";
import { MULTICALL3_ADDRESS, PERMIT2_ADDRESS } from "../chains/chains.js";
import { isTransportFailure } from "../chains/isTransportFailure.js";
import { SluiceError } from "../errors/SluiceError.js";
import { erc20ReadAbi, multicall3TimeAbi, permit2ReadAbi } from "./permit2ReadAbi.js";
import type { PermitChainState } from "./permitTypes.js";

/**
 * Reads, in one Multicall3 call: the latest block's timestamp, Permit2's nonce bitmap word holding `nonce`
 * (word `nonce >> 8`, bit `nonce & 255`), and the user's balance and Permit2 allowance of the token.
 */
export async function readPermitChainState(
  client: PublicClient,
  { owner, token, nonce }: { owner: Address; token: Address; nonce: bigint },
): Promise<PermitChainState> {
  let results;
  try {
    results = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: true,
      contracts: [
        { address: MULTICALL3_ADDRESS, abi: multicall3TimeAbi, functionName: "getCurrentBlockTimestamp" },
        { address: PERMIT2_ADDRESS, abi: permit2ReadAbi, functionName: "nonceBitmap", args: [owner, nonce >> 8n] },
        { address: token, abi: erc20ReadAbi, functionName: "balanceOf", args: [owner] },
        { address: token, abi: erc20ReadAbi, functionName: "allowance", args: [owner, PERMIT2_ADDRESS] },
      ],
    });
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "The chain's RPC did not answer while checking the permit; retry shortly", { cause });
  }
  const [time, bitmap, balance, allowance] = results;
  // With failures allowed, a lost connection shows as every call failing with the transport's error.
  if (results.some((r) => r.status === "failure" && isTransportFailure(r.error))) {
    throw new SluiceError("DEPENDENCY_DOWN", "The chain's RPC did not answer while checking the permit; retry shortly", {
      cause: results.find((r) => r.status === "failure")?.error,
    });
  }
  // Permit2 and Multicall3 are canonical on every served chain: a failed read of them is the chain's RPC failing
  // (a node answering errors, or not synced), a dependency down (decisions §2.2), never a partner's mistake.
  if (time.status !== "success" || bitmap.status !== "success") {
    throw new SluiceError("DEPENDENCY_DOWN", "Permit2 or Multicall3 could not be read on this chain; retry shortly", {
      cause: [time, bitmap].find((r) => r.status === "failure")?.error,
    });
  }
  if (balance.status !== "success" || allowance.status !== "success") {
    throw new SluiceError("PERMIT_INVALID", `Permit token ${token} is not an ERC-20 token on this chain`);
  }
  return {
    chainTime: time.result,
    nonceUsed: ((bitmap.result >> (nonce & 255n)) & 1n) === 1n,
    balance: balance.result,
    permit2Allowance: allowance.result,
  };
}
