import { describe, expect, it } from "vitest";
import { concat, decodeFunctionData, encodeFunctionData, erc20Abi, maxUint256, pad } from "viem";
import { chains } from "../../chains/chains.js";
import { SluiceError } from "../../errors/SluiceError.js";
import { decodeDepositCalldata, spokePoolDepositAbi, stripIntegratorSuffix } from "./decodeDepositCalldata.js";
import { honestParts, NOW, quoteFrom, stranger, user, type QuoteParts } from "@sluice/testkit";
import { bridgeQuoteExpiry, DEPOSIT_INCLUSION_MARGIN_SECONDS, MIN_FILL_WINDOW_SECONDS } from "./bridgeQuoteExpiry.js";
import { validateAcrossQuote } from "./validateAcrossQuote.js";
import { acrossSwapApprovalSchema } from "../across/acrossSchemas.js";
import { buildAcrossSwapApproval } from "../across/buildAcrossSwapApproval.js";
import { findBridgeToken } from "../bridgeTokens.js";
import {
  FIXTURE_NOW, fixtureCases, fixtureFeeRecipient, fixtureIntegratorId, fixtureParameters, fixtureUser,
} from "../across/fixtures/acrossFixtureCases.js";

function refusal(parts: Partial<QuoteParts>, edit?: Parameters<typeof quoteFrom>[1]) {
  try {
    validateAcrossQuote(quoteFrom({ ...honestParts(), ...parts }, edit));
  } catch (error) {
    expect(error).toBeInstanceOf(SluiceError);
    return error as SluiceError;
  }
  throw new Error("the quote was accepted");
}

describe("validateAcrossQuote", () => {
  it("accepts Across' real shapes: fallback to the origin refund (zero address) or the recipient, one or two drains, and no fee breakdown", () => {
    expect(validateAcrossQuote(quoteFrom(honestParts())).appFee).toBe(24_990n);
    expect(validateAcrossQuote(quoteFrom({ ...honestParts(), fallback: user, leftoverDrain: false })).appFee).toBe(24_990n);
    expect(validateAcrossQuote(quoteFrom(honestParts(), (q) => { delete (q as { fees?: unknown }).fees; })).appFee).toBe(24_990n);
  });


  it("accepts an honest quote, with deposit or depositV3", () => {
    for (const parts of [honestParts(), { ...honestParts(), entryPoint: "depositV3" as const }]) {
      const context = validateAcrossQuote(quoteFrom(parts));
      expect(context.appFee).toBe(24_990n);
      expect(context.deposit.depositor).toBe(user);
    }
  });

  it.each<[string, Partial<QuoteParts>, RegExp]>([
    ["another depositor", { depositor: stranger }, /depositor .* not the user/],
    ["another destination chain", { destinationChainId: 137n }, /goes to chain 137/],
    ["another input amount", { inputAmount: 50_000_000n }, /takes 50000000 base units/],
    ["a stranger as drain target", { drainTo: stranger }, /drains the output to/],
    ["a stranger as fallback (refund) recipient", { fallback: stranger }, /fallback recipient/],
    ["a stranger as direct recipient", { recipient: stranger }, /recipient is .* not the requested/],
    ["the fee to a stranger", { feeTo: stranger }, /app fee is paid to/],
    ["a 50 bps fee", { fee: 124_950n }, /not 10 bps/],
    ["an extra call", { extraCalls: [{ target: stranger, callData: "0x", value: 0n }] }, /does not drain the output token after the fee/],
    ["a passed fill deadline", { fillDeadline: NOW - 1 }, /fill deadline/],
    ["another target contract", { to: stranger }, /not a canonical Across contract/],
    ["the SpokePoolPeriphery as target", { to: "0x89415a82d909a7238d69094C3Dd1dCC1aCbDa85C" }, /cannot verify/],
    ["garbage message", { message: "0x1234" }, /not MulticallHandler instructions/],
    // Sluice's fee skimmed: a fee transfer of 0 to the right recipient.
    ["a zero app fee", { fee: 0n }, /app fee is 0 base units, not 10 bps/],
    // No economic bound: an output of 0, or 30 % less than the input of a same-asset transfer.
    ["an output of nothing", { outputAmount: 0n, fee: 0n }, /takes or delivers nothing/],
    ["an output 30 % below the input", { outputAmount: 17_500_000n, fee: 17_500n }, /3000 bps .* maximum of 300 bps/],
    // Deposits that sit unfilled or revert.
    ["a fill deadline seconds ahead", { fillDeadline: NOW + 30 }, /leaves 30 s to fill/],
    ["no integrator id", { suffix: "0x" }, /integrator id none/],
    ["another integrator id", { suffix: "0x1dc0deffff73c0de" }, /integrator id 0xffff/],
    ["a zero-address depositor", { depositor: "0x0000000000000000000000000000000000000000" }, /zero address/],
  ])("refuses %s", (_name, parts, message) => {
    const error = refusal(parts);
    expect(error.code).toBe("UPSTREAM_ERROR");
    expect(error.message).toMatch(message);
  });

  it("refuses a direct payout without the app fee", () => {
    const error = refusal({ recipient: user, message: "0x" });
    expect(error.message).toMatch(/pays no app fee/);
  });

  it("refuses an undisclosed fee, a stranger's approval, a non-approve approval, native value", () => {
    expect(refusal({}, (q) => { q.fees!.total.details.app.amount = "0"; }).message).toMatch(/discloses an app fee of 0/);
    expect(refusal({}, (q) => {
      q.approvalTxns![0]!.data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [stranger, maxUint256] });
    }).message).toMatch(/lets .* spend the input token/);
    expect(refusal({}, (q) => {
      q.approvalTxns![0]!.data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [stranger, 1n] });
    }).message).toMatch(/not a plain ERC20 approve/);
    expect(refusal({}, (q) => { q.approvalTxns![0]!.to = chains.base.curatedTokens[0]!.address; }).message).toMatch(/not to the input token/);
    expect(refusal({}, (q) => { q.swapTx.value = "1"; }).message).toMatch(/native coin/);
    expect(refusal({}, (q) => { q.expectedOutputAmount = "30000000"; }).message).toMatch(/promises more output/);
  });

  it("refuses trailing bytes hidden after the deposit and dirty address words", () => {
    expect(refusal({ suffix: "0xdeadbeef" }).message).toMatch(/not canonically encoded/);
    const parts = honestParts();
    const error = refusal({}, (q) => {
      q.swapTx.data = q.swapTx.data.replace(pad(user).slice(2).toLowerCase(), `ff${pad(user).slice(4).toLowerCase()}`);
    });
    expect(error.message).toMatch(/depositor is not an EVM address/);
    expect(parts).toBeDefined();
  });

  it("refuses an allowance check naming another spender, several approvals, a stale quote time, an expiry years ahead or in ms", () => {
    expect(refusal({}, (q) => { q.checks.allowance.spender = stranger; }).message).toMatch(/allowance check names spender/);
    expect(refusal({}, (q) => { q.approvalTxns = [q.approvalTxns![0]!, q.approvalTxns![0]!]; }).message).toMatch(/2 approvals/);
    expect(refusal({}, (q) => { q.quoteExpiryTimestamp = NOW + 3 * 365 * 86_400; }).message).toMatch(/quote expiry/);
    expect(refusal({}, (q) => { q.quoteExpiryTimestamp = NOW * 1000; }).message).toMatch(/quote expiry/);
    const stale = quoteFrom(honestParts());
    expect(() => validateAcrossQuote({ ...stale, nowSeconds: NOW + 3000 })).toThrow(/about to leave the SpokePool's window/);
  });

  it("refuses an exclusive relayer whose exclusivity outlasts the fill deadline", () => {
    const relayer = "0x0000000000000000000000000000000000000bad";
    const error = refusal({}, (q) => {
      const data = q.swapTx.data as `0x${string}`;
      const { calldata } = stripIntegratorSuffix(data);
      const decoded = decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata });
      const args = [...decoded.args] as unknown[];
      args[7] = pad(relayer);
      args[10] = NOW + 30 * 86_400; // an absolute exclusivity deadline a month out
      q.swapTx.data = concat([encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "deposit", args: args as never }), "0x1dc0de5c1e73c0de"]);
    });
    expect(error.message).toMatch(/exclusivity .* outlasts the fill deadline/);
  });

  it("answers an expiry the deposit can honour: signed before it, a deposit neither reverts nor leaves seconds to fill", () => {
    // Across' expiry is 65 minutes out, but the fill deadline only 10: signed at any moment, the fill window would be
    // under the minimum. Nothing is left to answer: refused.
    expect(refusal({ fillDeadline: NOW + 600 }, (q) => { q.quoteExpiryTimestamp = NOW + 3900; }).message)
      .toMatch(/no moment is left to sign the deposit/);
    // Across' expiry is past the SpokePool's quote time buffer (3600 s after the quote timestamp NOW - 10): answered
    // with the buffer's end less the time to mine the deposit.
    const late = validateAcrossQuote(quoteFrom({ ...honestParts(), fillDeadline: NOW + 9000 }, (q) => { q.quoteExpiryTimestamp = NOW + 3700; }));
    expect(bridgeQuoteExpiry(late)).toBe(NOW - 10 + 3600 - 300);
    // Across' expiry is later than the fill deadline less the minimum window and the time to mine the deposit:
    // answered with that.
    const short = validateAcrossQuote(quoteFrom({ ...honestParts(), fillDeadline: NOW + 1200 }, (q) => { q.quoteExpiryTimestamp = NOW + 1000; }));
    expect(bridgeQuoteExpiry(short)).toBe(NOW + 1200 - 600 - 300);
  });

  it("a deposit signed at the answered expiry and mined as late as allowed still leaves relayers the minimum fill window", () => {
    for (const fillDeadline of [NOW + 1200, NOW + 1500, NOW + 3000]) {
      const context = validateAcrossQuote(quoteFrom({ ...honestParts(), fillDeadline }, (q) => { q.quoteExpiryTimestamp = NOW + 2000; }));
      const minedAt = bridgeQuoteExpiry(context) + DEPOSIT_INCLUSION_MARGIN_SECONDS;
      expect(fillDeadline - minedAt).toBeGreaterThanOrEqual(MIN_FILL_WINDOW_SECONDS);
    }
    // A deployment that allows less time to mine (`BRIDGE_DEPOSIT_INCLUSION_SECONDS`) answers a later expiry.
    const quick = validateAcrossQuote({ ...quoteFrom({ ...honestParts(), fillDeadline: NOW + 1200 }, (q) => { q.quoteExpiryTimestamp = NOW + 2000; }), depositInclusionSeconds: 60 });
    expect(bridgeQuoteExpiry(quick)).toBe(NOW + 1200 - 600 - 60);
    // Too close a fill deadline leaves no moment to sign: refused.
    expect(refusal({ fillDeadline: NOW + 900 }, (q) => { q.quoteExpiryTimestamp = NOW + 2000; }).message).toMatch(/no moment is left to sign the deposit/);
  });

  it("exclusivity counted from a deposit signed at the expiry leaves the minimum fill window: the expiry comes earlier, or the quote is refused", () => {
    const relayer = "0x0000000000000000000000000000000000000bad";
    const exclusive = (parameter: number) => (q: Parameters<NonNullable<Parameters<typeof quoteFrom>[1]>>[0]) => {
      const { calldata } = stripIntegratorSuffix(q.swapTx.data as `0x${string}`);
      const args = [...decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata }).args] as unknown[];
      args[7] = pad(relayer);
      args[10] = parameter;
      q.swapTx.data = concat([encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "deposit", args: args as never }), "0x1dc0de5c1e73c0de"]);
    };
    // An offset equal to the whole fill window (fill deadline NOW + 7200): only the exclusive relayer could ever fill.
    expect(refusal({}, exclusive(7200)).message).toMatch(/no moment is left to sign the deposit.*exclusive relayer's 7200 s/);
    // An offset of 6100 s: a deposit signed after NOW + 200 (and mined up to 300 s later) would leave others less than
    // 600 s. Answered until then.
    expect(bridgeQuoteExpiry(validateAcrossQuote(quoteFrom(honestParts(), exclusive(6100))))).toBe(NOW + 200);
    // A short exclusivity, as Across quotes it, leaves Across' own expiry.
    const short = validateAcrossQuote(quoteFrom(honestParts(), exclusive(60)));
    expect(short.deposit.exclusivityParameter).toBe(60);
    expect(bridgeQuoteExpiry(short)).toBe(short.quote.quoteExpiryTimestamp);
  });

  it("an expired quote → QUOTE_EXPIRED; a missing expiry is refused", () => {
    expect(refusal({}, (q) => { q.quoteExpiryTimestamp = NOW; }).code).toBe("QUOTE_EXPIRED");
    expect(refusal({}, (q) => { q.quoteExpiryTimestamp = undefined; }).message).toMatch(/no expiry/);
  });

  it("refuses an output larger than the input of a same-asset route, with no fee breakdown or bridge step to contradict it", () => {
    // Across' "nofees" shape (no USD prices), answered with a negative relay fee: the deposit's output is twice its
    // input and every figure of the answer (app fee, expected and min output) is consistent with it. Without `fees`
    // and `steps` nothing discloses the (negative) bridge fee; no relayer fills such a deposit and the user's funds
    // stay locked until the fill deadline.
    const c = fixtureCases.find((f) => f.name === "exactInput-usdc-nofees")!;
    const answer = JSON.parse(JSON.stringify(buildAcrossSwapApproval({
      ...fixtureParameters(c), relayFee: (input) => ({ lp: -input, relayerCapital: 0n, destinationGas: 0n }),
    }))) as Record<string, unknown>;
    delete answer.steps;
    expect(answer.fees).toBeUndefined();
    const quote = acrossSwapApprovalSchema.parse(answer);
    expect(BigInt(quote.expectedOutputAmount)).toBeGreaterThan(c.request.amount);
    const request = {
      originChainId: c.request.originChainId, destinationChainId: c.request.destinationChainId, amount: c.request.amount,
      inputToken: findBridgeToken(c.request.originChainId, "USDC")!, outputToken: findBridgeToken(c.request.destinationChainId, "USDC")!,
      tradeType: c.request.tradeType, depositor: fixtureUser, recipient: fixtureUser,
    };
    let error: unknown;
    try {
      validateAcrossQuote({ request, quote, feeRecipient: fixtureFeeRecipient, integratorId: fixtureIntegratorId, appFeeBps: 10n, nowSeconds: FIXTURE_NOW });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SluiceError);
    expect((error as SluiceError).code).toBe("UPSTREAM_ERROR");
    expect((error as SluiceError).message).toMatch(/deposit's output of 50000000 base units exceeds its input of 25000000/);
  });

  it("refuses an exactOutput deposit that takes more than the requested amount and the app fee: the rest would be drained to the depositor's address on the destination", () => {
    // Across' exactOutput answer (fixture: 25 USDC, deposit output 25.025, fee 0.025 on the 25), then a hostile one:
    // the same handler message (fee, the 25 to the recipient, the rest drained to the depositor) on a deposit taking
    // and delivering 3 % more. Every figure is consistent, the "fee" is 0 and the floor counts only 25.025 delivered:
    // without a bound on the rest, 0.725 USDC would go to the depositor's address on the destination chain, which for
    // a contract depositor may be nobody's wallet.
    const c = fixtureCases.find((f) => f.name === "exactOutput-usdc-fees")!;
    const request = {
      originChainId: c.request.originChainId, destinationChainId: c.request.destinationChainId, amount: c.request.amount,
      inputToken: findBridgeToken(c.request.originChainId, "USDC")!, outputToken: findBridgeToken(c.request.destinationChainId, "USDC")!,
      tradeType: c.request.tradeType, depositor: fixtureUser, recipient: fixtureUser,
    };
    const depositing = (amount: bigint) => {
      const answer = JSON.parse(JSON.stringify(buildAcrossSwapApproval(fixtureParameters(c)))) as Record<string, unknown>;
      // No bridge step or fee breakdown (both optional in Across' answers) to disclose the deposit's zero bridge fee.
      delete answer.steps;
      delete answer.fees;
      const quote = acrossSwapApprovalSchema.parse(answer);
      const { calldata, integratorId } = stripIntegratorSuffix(quote.swapTx.data as `0x${string}`);
      const args = [...decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata }).args] as unknown[];
      args[4] = amount;
      args[5] = amount;
      quote.swapTx.data = concat([encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "deposit", args: args as never }), "0x1dc0de", integratorId!, "0x73c0de"]);
      quote.inputAmount = amount.toString();
      quote.checks.allowance.expected = amount.toString();
      quote.checks.balance.expected = amount.toString();
      return { request, quote, feeRecipient: fixtureFeeRecipient, integratorId: fixtureIntegratorId, appFeeBps: 10n, nowSeconds: FIXTURE_NOW };
    };
    // Across' own output: the requested amount and its fee, nothing left over.
    const exact = validateAcrossQuote(depositing(25_025_000n));
    expect(exact.deposit.outputAmount - exact.appFee - c.request.amount).toBe(0n);
    let error: unknown;
    try {
      validateAcrossQuote(depositing(25_750_000n));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SluiceError);
    expect((error as SluiceError).code).toBe("UPSTREAM_ERROR");
    expect((error as SluiceError).message).toMatch(/leaves 725000 base units of the output beyond the requested amount and the app fee/);
    // Rounding: one unit left over is allowed, two are not.
    expect(validateAcrossQuote(depositing(25_025_001n)).deposit.outputAmount).toBe(25_025_001n);
    expect(() => validateAcrossQuote(depositing(25_025_002n))).toThrow(/leaves 2 base units of the output beyond/);
  });

  it("strips the integrator suffix and the marker", () => {
    expect(stripIntegratorSuffix("0xabcdef1dc0de5c1e73c0de")).toEqual({ calldata: "0xabcdef", integratorId: "0x5c1e" });
    expect(stripIntegratorSuffix("0xabcdef")).toEqual({ calldata: "0xabcdef", integratorId: undefined });
    expect(decodeDepositCalldata(quoteFrom(honestParts()).quote.swapTx.data as `0x${string}`).integratorId).toBe("0x5c1e");
  });
});
