/**
 * `/swap/approval` on the devnet: a bridge-only Across quote (same asset on both chains) built by core's
 * `buildAcrossSwapApproval` — the transcription of Across' own app API code, whose committed fixtures the validator
 * is tested on — from the devnet's view: the depositor's allowance and balance, the protocol's own gas estimate, the
 * devnet relayers' price, the origin's block time as quote time. Optionally tampered (see tamperModes.ts,
 * tamperSwapApproval.ts).
 */
import { erc20Abi, zeroAddress, type Address, type Hex } from "viem";
import {
  ACROSS_MULTICALL_HANDLER, buildAcrossSwapApproval, chainById, type BuildAcrossSwapApprovalParameters,
  type RelayFee,
} from "@sluice/core";
import { DEPOSIT_QUOTE_TIME_BUFFER } from "../acrossDevnetRoles.js";
import { AcrossApiError, invalidParam } from "./acrossApiError.js";
import type { AcrossNetwork, AcrossToken } from "./acrossNetwork.js";
import type { SwapApprovalQuery } from "./swapApprovalQuery.js";
import { STRANGER, type TamperMode } from "./tamperModes.js";
import { tamperSwapApproval } from "./tamperSwapApproval.js";

/** The devnet relayers' price: LP fee and relayer capital fee, in bps of the input; no destination gas charge. */
const LP_FEE_BPS = 1n;
const RELAYER_FEE_BPS = 3n;
const devnetRelayFee = (input: bigint): RelayFee =>
  ({ lp: (input * LP_FEE_BPS) / 10_000n, relayerCapital: (input * RELAYER_FEE_BPS) / 10_000n, destinationGas: 0n });
/** How long relayers have to fill a deposit (Across: the quote time + 2 h). */
export const FILL_WINDOW_SECONDS = 2 * 3_600;
/** The fill window of deposits the relayer was told to leave unfilled: short, so they expire within a test. */
export const HELD_FILL_WINDOW_SECONDS = 20;
/** The devnet's USD prices, so answers carry `fees` as Across' do when it has prices. */
const USD: Record<string, number> = { USDC: 1, USDT: 1, DAI: 1, WETH: 3000, ETH: 3000, WBTC: 60_000, POL: 0.2 };

export type BuildContext = { network: AcrossNetwork; tamper?: TamperMode; held: boolean };

export async function buildSwapApproval(query: SwapApprovalQuery, context: BuildContext) {
  const { network, tamper } = context;
  const origin = network.byId(query.originChainId);
  const destination = network.byId(query.destinationChainId);
  if (!origin) throw invalidParam("originChainId", `Unsupported origin chain ${query.originChainId}`);
  if (!destination) throw invalidParam("destinationChainId", `Unsupported destination chain ${query.destinationChainId}`);
  if (origin === destination) throw invalidParam("destinationChainId", "originChainId and destinationChainId must differ");
  const inputToken = network.token(origin.chainId, query.inputToken);
  const outputToken = network.token(destination.chainId, query.outputToken);
  if (!inputToken || !outputToken || inputToken.symbol !== outputToken.symbol) {
    throw new AcrossApiError(400, "ROUTE_NOT_ENABLED", `No route from ${query.inputToken} on ${origin.chainId} to ${query.outputToken} on ${destination.chainId}`);
  }
  if (!query.appFeeRecipient || query.appFeeWad === 0n) throw invalidParam("appFee", "The devnet stand-in quotes with an app fee only");

  const now = Number((await origin.publicClient.getBlock()).timestamp);
  const wallClock = Math.floor(Date.now() / 1000);
  const quoteTimestamp = tamper === "simulationFailed" ? now - 2 * DEPOSIT_QUOTE_TIME_BUFFER : now;
  const fillDeadline = tamper === "fillDeadlinePassed" ? now - 60
    : Math.max(now, wallClock) + (context.held ? HELD_FILL_WINDOW_SECONDS : FILL_WINDOW_SECONDS);
  const spokePool = tamper === "target" ? STRANGER : origin.spokePool;
  const [balance, allowance] = await Promise.all([
    origin.publicClient.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "balanceOf", args: [query.depositor] }),
    origin.publicClient.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "allowance", args: [query.depositor, spokePool] }),
  ]);
  const view = (t: AcrossToken) => ({ address: t.address, chainId: t.chainId, decimals: t.decimals, symbol: t.symbol });
  const native = (chainId: number) => ({ chainId, symbol: chainById(chainId)!.nativeSymbol, decimals: 18 });
  const parameters: BuildAcrossSwapApprovalParameters = {
    tradeType: query.tradeType, amount: query.amount, inputToken: view(inputToken), outputToken: view(outputToken),
    spokePool, multicallHandler: ACROSS_MULTICALL_HANDLER, depositor: query.depositor, recipient: query.recipient,
    refundAddress: query.refundAddress, refundOnOrigin: query.refundOnOrigin, integratorId: query.integratorId as Hex | undefined,
    appFeeWad: query.appFeeWad, appFeeRecipient: query.appFeeRecipient, relayFee: devnetRelayFee, quoteTimestamp, fillDeadline,
    exclusiveRelayer: zeroAddress, exclusivityDeadline: 0, expectedFillTime: 2, allowance, balance,
    originNative: native(origin.chainId), destinationNative: native(destination.chainId),
    prices: { input: USD[inputToken.symbol] ?? 1, output: USD[outputToken.symbol] ?? 1, originNative: USD[chainById(origin.chainId)!.nativeSymbol] ?? 1, destinationNative: USD[chainById(destination.chainId)!.nativeSymbol] ?? 1 },
  };
  const first = buildAcrossSwapApproval(parameters);
  if (BigInt(first.steps.bridge.outputAmount) <= 0n) throw new AcrossApiError(400, "AMOUNT_TOO_LOW", "Amount is too low to cover the fees", "amount");
  // The protocol's own simulation (a gas estimate) when the depositor's allowance and balance suffice.
  const input = BigInt(first.inputAmount);
  if (allowance >= input && balance >= input && tamper !== "simulationFailed") {
    const gas = await origin.publicClient.estimateGas({ account: query.depositor, to: spokePool as Address, data: first.swapTx.data as Hex }).catch(() => undefined);
    if (gas !== undefined) parameters.originTx = { gas, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000n };
  }
  return tamper ? tamperSwapApproval(parameters, tamper, { origin, destination, inputToken, outputToken }) : buildAcrossSwapApproval(parameters);
}
