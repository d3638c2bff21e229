/**
 * DEVNET-ONLY: the honest answer with one change (tamperModes.ts). Changes of what Across is asked or sees (a
 * stranger as recipient, fee recipient or refund address, another fee rate, a stale quote time) go through the
 * builder, so the rest of the answer stays consistent with them; changes no honest builder makes (another
 * destination chain, output token or amount in the deposit, a direct payout, extra calls, foreign approvals) edit the
 * built answer.
 */
import { concat, decodeAbiParameters, decodeFunctionData, encodeFunctionData, erc20Abi, parseEther, type Address, type Hex } from "viem";
import {
  buildAcrossSwapApproval, encodeMulticallInstructions, multicallInstructionsParameters, spokePoolDepositAbi,
  stripIntegratorSuffix, transferCall, type BuildAcrossSwapApprovalParameters,
} from "@sluice/core";
import type { AcrossChain, AcrossToken } from "./acrossNetwork.js";
import { STRANGER, type TamperMode } from "./tamperModes.js";

type Built = ReturnType<typeof buildAcrossSwapApproval>;
/** A tampered answer may leave out what Across' schema lets it leave out. */
type Answer = Omit<Built, "steps"> & { steps?: Built["steps"] };
type Route = { origin: AcrossChain; destination: AcrossChain; inputToken: AcrossToken; outputToken: AcrossToken };

export function tamperSwapApproval(p: BuildAcrossSwapApprovalParameters, mode: TamperMode, route: Route): Answer {
  const build = (change: Partial<BuildAcrossSwapApprovalParameters>) => buildAcrossSwapApproval({ ...p, ...change });
  switch (mode) {
    case "target": return build({}); // the stranger is already the spender: see buildSwapApproval
    case "depositor": return build({ refundAddress: STRANGER });
    case "recipient": return build({ recipient: STRANGER });
    case "refundRecipient": return build({ refundOnOrigin: false, refundAddress: STRANGER });
    case "wrongAppFee": return build({ appFeeWad: p.appFeeWad * 5n });
    case "feeToStranger": return build({ appFeeRecipient: STRANGER });
    case "inflatedOutput": {
      const { steps: _undisclosed, ...answer } = build({ relayFee: (input) => ({ lp: -input, relayerCapital: 0n, destinationGas: 0n }), prices: undefined });
      return answer;
    }
    default: break;
  }
  const answer = build({});
  const pad32 = (a: Address) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}` as Hex;
  switch (mode) {
    case "noAppFee": return editDeposit(answer, (args) => { args[1] = pad32(p.recipient); args[11] = "0x"; });
    case "directRecipient": return editDeposit(answer, (args) => { args[1] = pad32(STRANGER); args[11] = "0x"; });
    case "destinationChain": return editDeposit(answer, (args) => { args[6] = BigInt([1, 137, 8453, 42161].find((id) => id !== route.origin.chainId && id !== route.destination.chainId)!); });
    case "outputToken": return editDeposit(answer, (args) => {
      args[3] = pad32(route.destination.tokens.find((t) => t.address !== route.outputToken.address)!.address);
    });
    case "inputAmount": return editDeposit(answer, (args) => { args[4] = (args[4] as bigint) * 2n; });
    case "extraCall": return editDeposit(answer, (args) => {
      const [instructions] = decodeAbiParameters(multicallInstructionsParameters, args[11] as Hex);
      args[11] = encodeMulticallInstructions([...instructions.calls, transferCall(route.outputToken.address, STRANGER, 1n)], instructions.fallbackRecipient);
    });
    case "legacyDepositV3": return editDeposit(answer, () => {}, "depositV3");
    case "nativeValue": return { ...answer, swapTx: { ...answer.swapTx, value: parseEther("1").toString() } };
    case "expired": return { ...answer, quoteExpiryTimestamp: Math.floor(Date.now() / 1000) - 60 };
    case "undisclosedAppFee": {
      const fees = structuredClone(answer.fees!);
      fees.total.details.app.amount = "0";
      return { ...answer, fees };
    }
    case "approvalSpender": return withApproval(answer, route, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [STRANGER, BigInt(answer.inputAmount)] }));
    case "approvalCall": return withApproval(answer, route, encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [STRANGER, BigInt(answer.inputAmount)] }));
    case "approvalToken": {
      const other = route.origin.tokens.find((t) => t.address !== route.inputToken.address)!.address;
      return { ...withApproval(answer, route, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [answer.swapTx.to as Address, BigInt(answer.inputAmount)] })), approvalTxns: [{ chainId: route.origin.chainId, to: other, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [answer.swapTx.to as Address, BigInt(answer.inputAmount)] }) }] };
    }
    default: return answer; // the modes answered before a quote is built, and the honest ones
  }
}

function withApproval(answer: Answer, route: Route, data: Hex): Answer {
  return { ...answer, approvalTxns: [{ chainId: route.origin.chainId, to: route.inputToken.address, data }] };
}

/** Re-encodes the deposit with its arguments edited, keeping the integrator suffix and the marker. */
function editDeposit(answer: Answer, edit: (args: unknown[]) => void, entryPoint: "deposit" | "depositV3" = "deposit"): Answer {
  const data = answer.swapTx.data as Hex;
  const { calldata, integratorId } = stripIntegratorSuffix(data);
  const args = [...decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata }).args] as unknown[];
  edit(args);
  const encoded = entryPoint === "deposit"
    ? encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "deposit", args: args as never })
    : encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "depositV3", args: args.map((a, i) => [0, 1, 2, 3, 7].includes(i) ? `0x${(a as string).slice(26)}` : a) as never });
  return { ...answer, swapTx: { ...answer.swapTx, data: concat([encoded, ...(integratorId ? ["0x1dc0de" as Hex, integratorId] : []), "0x73c0de"]) } };
}
