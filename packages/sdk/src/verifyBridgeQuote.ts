/**
 * The transactions of a bridge quote, checked before the wallet sends any: the deposit calls Across' SpokePool of the
 * origin chain (pinned) with no native value, and its calldata is exactly a SpokePool `deposit` (or `depositV3`) whose
 * depositor is the wallet, of the requested tokens and destination, of the quote's input amount (the requested one
 * for an exact input), to the requested recipient or to Across' MulticallHandler (which pays the recipient and
 * Sluice's fee: that message is Sluice's to check, not decoded here); every approval is exactly `approve(SpokePool,
 * amount)` on the input token, on the origin chain, for at most the deposit's input. Tokens are curated ones (pinned):
 * the only ones Sluice bridges.
 */
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, isAddress, isAddressEqual, isHex, parseAbi, type Address, type Hex } from "viem";
import { answeredUint, fail, requireAddress } from "./answerChecks.js";
import { ACROSS_MULTICALL_HANDLER, ACROSS_SPOKE_POOLS, CURATED_TOKENS } from "./pinned.js";
import type { BridgeQuote, BridgeQuoteRequest } from "./types.js";
import type { TransactionRequest } from "./wallet.js";

const spokePoolDepositAbi = parseAbi([
  "function deposit(bytes32 depositor, bytes32 recipient, bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
  "function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
]);

/** What the quote was asked with, when known (this client's own quote, or `params`): otherwise the quote's own terms. */
export type BridgeExpectation = { depositor: Address; request?: Partial<BridgeQuoteRequest> };

export function verifyBridgeQuote(quote: BridgeQuote, { depositor, request }: BridgeExpectation): { approvals: TransactionRequest[]; deposit: TransactionRequest } {
  const origin = request?.originChainId ?? quote.inputToken?.chainId;
  const destination = request?.destinationChainId ?? quote.outputToken?.chainId;
  const spokePool = ACROSS_SPOKE_POOLS[Number(origin)];
  if (!spokePool) fail("inputToken.chainId", "one of the chains Sluice bridges from", origin);
  const inputToken = curatedToken("inputToken", Number(origin), request?.inputToken ?? quote.inputToken?.address);
  const outputToken = curatedToken("outputToken", Number(destination), request?.outputToken ?? quote.outputToken?.address);

  const swapTx = quote.swapTx ?? ({} as BridgeQuote["swapTx"]);
  if (swapTx.chainId !== origin) fail("swapTx.chainId", `the origin chain ${origin}`, swapTx.chainId);
  requireAddress("swapTx.to", swapTx.to, spokePool, "Across' SpokePool of the origin chain");
  if (answeredUint("swapTx.value", swapTx.value) !== 0n) fail("swapTx.value", "0 (a deposit of a token sends no native coin)", swapTx.value);
  const d = decodeDeposit(swapTx.data);
  if (!isAddressEqual(d.depositor, depositor)) fail("swapTx.data depositor", `the wallet ${depositor}`, d.depositor);
  if (!isAddressEqual(d.inputToken, inputToken)) fail("swapTx.data inputToken", `the requested ${inputToken}`, d.inputToken);
  if (!isAddressEqual(d.outputToken, outputToken)) fail("swapTx.data outputToken", `the requested ${outputToken}`, d.outputToken);
  if (d.destinationChainId !== BigInt(Number(destination))) fail("swapTx.data destinationChainId", `the requested ${destination}`, d.destinationChainId);
  if (d.inputAmount !== answeredUint("inputAmount", quote.inputAmount)) fail("swapTx.data inputAmount", `the quote's input ${quote.inputAmount}`, d.inputAmount);
  if (request?.amount !== undefined && (request.tradeType ?? "exactInput") === "exactInput" && d.inputAmount !== BigInt(request.amount)) {
    fail("swapTx.data inputAmount", `the requested ${request.amount}`, d.inputAmount);
  }
  const recipient = request ? (request.recipient ?? depositor) : quote.recipient;
  if (!isAddressEqual(d.recipient, ACROSS_MULTICALL_HANDLER) && !(typeof recipient === "string" && isAddress(recipient) && isAddressEqual(d.recipient, recipient))) {
    fail("swapTx.data recipient", `the recipient ${recipient} or Across' MulticallHandler`, d.recipient);
  }

  const approvals = (quote.approvalTxns ?? []).map((approval, index): TransactionRequest => {
    const field = `approvalTxns[${index}]`;
    if (approval.chainId !== origin) fail(`${field}.chainId`, `the origin chain ${origin}`, approval.chainId);
    requireAddress(`${field}.to`, approval.to, inputToken, "the input token");
    const data = approval.data as Hex;
    let call;
    try {
      call = decodeFunctionData({ abi: erc20Abi, data });
    } catch {
      fail(`${field}.data`, "approve(spender, amount)", data);
    }
    if (call.functionName !== "approve" || encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: call.args }).toLowerCase() !== data.toLowerCase()) {
      fail(`${field}.data`, "exactly approve(spender, amount)", data);
    }
    const [spender, amount] = call.args;
    if (!isAddressEqual(spender, spokePool)) fail(`${field}.data spender`, `the SpokePool ${spokePool} the deposit calls`, spender);
    if (amount > d.inputAmount) fail(`${field}.data amount`, `at most the deposit's input ${d.inputAmount}`, amount);
    return { chainId: Number(origin), to: inputToken, data, value: 0n };
  });
  return { approvals, deposit: { chainId: Number(origin), to: spokePool, data: swapTx.data as Hex, value: 0n } };
}

/** The curated token a request (symbol or address) or a quote names on a chain. */
function curatedToken(field: string, chainId: number, named: unknown): Address {
  const tokens = CURATED_TOKENS[chainId] ?? [];
  const text = typeof named === "string" ? named : "";
  const token = isAddress(text, { strict: false })
    ? tokens.find((t) => isAddressEqual(t.address, text as Address))
    : tokens.find((t) => t.symbol.toLowerCase() === text.toLowerCase());
  if (!token) fail(field, `a token Sluice bridges on chain ${chainId}`, named);
  return token.address;
}

/** The deposit of the calldata, after Across' integrator suffix; exactly its canonical encoding. */
function decodeDeposit(data: unknown) {
  if (typeof data !== "string" || !isHex(data)) fail("swapTx.data", "hex calldata", data);
  let body = data.toLowerCase().slice(2);
  if (body.endsWith("73c0de")) body = body.slice(0, -6);
  if (body.length >= 14 && body.slice(-10, -4) === "1dc0de") body = body.slice(0, -10);
  const calldata: Hex = `0x${body}`;
  let call;
  try {
    call = decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata });
  } catch {
    fail("swapTx.data", "a SpokePool deposit", `selector ${calldata.slice(0, 10)}`);
  }
  if (encodeFunctionData({ abi: spokePoolDepositAbi, functionName: call.functionName, args: call.args as never }).toLowerCase() !== calldata) {
    fail("swapTx.data", "exactly the encoding of a SpokePool deposit (no extra or altered bytes)", `${body.length / 2} bytes`);
  }
  const [depositor, recipient, inputToken, outputToken, inputAmount, , destinationChainId] = call.args;
  const address = (value: string, field: string): Address => {
    if (call.functionName === "depositV3") return getAddress(value);
    if (!/^0x0{24}[0-9a-f]{40}$/i.test(value)) fail(`swapTx.data ${field}`, "an EVM address", value);
    return getAddress(`0x${value.slice(-40)}`);
  };
  return {
    depositor: address(depositor, "depositor"), recipient: address(recipient, "recipient"),
    inputToken: address(inputToken, "inputToken"), outputToken: address(outputToken, "outputToken"), inputAmount, destinationChainId,
  };
}
