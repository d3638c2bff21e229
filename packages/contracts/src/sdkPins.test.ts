/**
 * What @sluice/sdk pins (it imports nothing of the server, so it keeps its own copies) equals its source: the
 * executor's address is where the deployment command puts the committed artifact, the executor ABI the SDK decodes
 * user-paid swaps with is the artifact's, and Permit2, the witness types, the permit lifetime, the curated tokens and
 * Across' contracts are core's. A change on either side without the other fails here.
 */
import { describe, expect, it } from "vitest";
import { getAddress, type AbiFunction, type AbiParameter } from "viem";
import {
  ACROSS_MULTICALL_HANDLER, chainNames, chains, PERMIT2_ADDRESS, PERMIT_MAX_LIFETIME_SECONDS, PERMIT_WITNESS_TRANSFER_FROM_TYPES,
} from "@sluice/core";
import { wellKnownAccounts } from "@sluice/devnet";
import { PERMIT2_ADDRESS as SDK_PERMIT2, DEVNET_EXECUTOR_ADDRESS } from "@sluice/sdk";
import { executorSwapWithWitnessAbi } from "../../sdk/src/executorAbi.js";
import * as pinned from "../../sdk/src/pinned.js";
import { MAX_EXCLUSIVITY_PERIOD_SECONDS, MIN_FILL_WINDOW_SECONDS, QUOTE_TIME_BUFFER_SECONDS } from "../../core/src/bridge/validation/bridgeQuoteExpiry.js";
import { checkEconomicBounds, DEFAULT_MAX_BRIDGE_FEE_BPS } from "../../core/src/bridge/validation/checkEconomicBounds.js";
import type { QuoteValidationContext } from "../../core/src/bridge/validation/quoteValidationTypes.js";
import { findBridgeToken } from "../../core/src/bridge/bridgeTokens.js";
import { checkBridgeAmounts } from "../../sdk/src/checkBridgeAmounts.js";
import { BRIDGE_APP_FEE_BPS } from "../../core/src/bridge/quoteBridge.js";
import { executorArtifact } from "./executorArtifact.js";
import { EXECUTOR_SALT, predictExecutorAddress } from "./deterministic/predictExecutorAddress.js";

/** An ABI entry without Solidity's internal type names, which the SDK leaves out. */
const bare = (parameters: readonly AbiParameter[]): unknown[] => parameters.map((p) => ({
  name: p.name, type: p.type, ...("components" in p && p.components ? { components: bare(p.components) } : {}),
}));

describe("the SDK's pinned constants", () => {
  it("its executor is where `ensureExecutor` deploys the committed artifact (the repository's deploying key, Sluice's salt)", () => {
    const { address } = predictExecutorAddress({ initialAdmin: wellKnownAccounts().deployer.address, salt: EXECUTOR_SALT });
    expect(DEVNET_EXECUTOR_ADDRESS).toBe(address);
    expect(pinned.DEVNET_EXECUTOR_ADDRESS).toBe(address);
  });

  it("its swapWithWitness ABI is the artifact's", () => {
    const entry = executorArtifact.abi.find((e): e is AbiFunction => e.type === "function" && e.name === "swapWithWitness")!;
    const [sdk] = executorSwapWithWitnessAbi;
    expect({ name: sdk.name, stateMutability: sdk.stateMutability, inputs: bare(sdk.inputs), outputs: bare(sdk.outputs) })
      .toEqual({ name: entry.name, stateMutability: entry.stateMutability, inputs: bare(entry.inputs), outputs: bare(entry.outputs) });
  });

  it("Permit2, the witness types and the permit lifetime are core's", () => {
    expect(SDK_PERMIT2).toBe(PERMIT2_ADDRESS);
    expect(pinned.PERMIT_WITNESS_TYPES).toEqual(PERMIT_WITNESS_TRANSFER_FROM_TYPES);
    expect(pinned.PERMIT_MAX_LIFETIME_SECONDS).toBe(PERMIT_MAX_LIFETIME_SECONDS);
  });

  it("the curated tokens and Across' SpokePools and MulticallHandler are the chain registry's", () => {
    for (const name of chainNames) {
      const chain = chains[name];
      expect(pinned.CURATED_TOKENS[chain.id], name).toEqual(chain.curatedTokens.map((t) => ({ symbol: t.symbol, address: getAddress(t.address), decimals: t.decimals })));
      expect(pinned.ACROSS_SPOKE_POOLS[chain.id], name).toBe(getAddress(chain.spokePool));
    }
    expect(Object.keys(pinned.CURATED_TOKENS).length).toBe(chainNames.length);
    expect(Object.keys(pinned.ACROSS_SPOKE_POOLS).length).toBe(chainNames.length);
    expect(pinned.ACROSS_MULTICALL_HANDLER).toBe(getAddress(ACROSS_MULTICALL_HANDLER));
  });

  it("the bridge checks' bounds (app fee, same-asset fee ceiling, fill window, SpokePool windows, stablecoins) are core's", () => {
    expect(pinned.BRIDGE_APP_FEE_BPS).toBe(BRIDGE_APP_FEE_BPS);
    expect(pinned.BRIDGE_MAX_FEE_BPS).toBe(DEFAULT_MAX_BRIDGE_FEE_BPS);
    expect(pinned.BRIDGE_MIN_FILL_WINDOW_SECONDS).toBe(MIN_FILL_WINDOW_SECONDS);
    expect(pinned.SPOKE_POOL_QUOTE_TIME_BUFFER_SECONDS).toBe(QUOTE_TIME_BUFFER_SECONDS);
    expect(pinned.SPOKE_POOL_MAX_EXCLUSIVITY_PERIOD_SECONDS).toBe(MAX_EXCLUSIVITY_PERIOD_SECONDS);
    const stable = new Set(chainNames.flatMap((name) => chains[name].curatedTokens.filter((t) => t.usdStable).map((t) => t.symbol)));
    expect([...pinned.USD_STABLE_SYMBOLS].sort()).toEqual([...stable].sort());
  });

  it("the SDK's same-asset fee bounds accept exactly what core's checkEconomicBounds accepts (rounding, every maximum)", () => {
    const usdcBase = findBridgeToken(8453, "USDC")!;
    const outputs = [findBridgeToken(42161, "USDC"), findBridgeToken(42161, "USDT"), findBridgeToken(42161, "DAI")].filter((t) => t !== undefined);
    const zero = "0x0000000000000000000000000000000000000000" as const;
    let compared = 0;
    for (const output of outputs) {
      const scale = 10n ** BigInt(output.decimals - usdcBase.decimals);
      for (const maxFeeBps of [1n, 300n, 500n, 1000n]) {
        for (const inputAmount of [1n, 7n, 1001n, 25_000_000n]) {
          const floor = (inputAmount * (10_000n - maxFeeBps)) / 10_000n;
          const ceiling = (inputAmount * (10_000n + maxFeeBps)) / 10_000n;
          for (const base of [floor - 1n, floor, floor + 1n, inputAmount, inputAmount + 1n, ceiling, ceiling + 1n]) {
            for (const outputAmount of [base * scale - 1n, base * scale, base * scale + 1n]) {
              if (outputAmount <= 0n) continue;
              const core = checkEconomicBounds({
                request: { originChainId: 8453, destinationChainId: 42161, inputToken: usdcBase, outputToken: output, amount: inputAmount, tradeType: "exactInput", depositor: zero, recipient: zero },
                deposit: { inputAmount, outputAmount } as QuoteValidationContext["deposit"], quote: {} as QuoteValidationContext["quote"],
                appFee: 0n, feeRecipient: zero, appFeeBps: 10n, integratorId: "0x5c1e", nowSeconds: 0, maxFeeBps,
              }).length === 0;
              let sdk = true;
              try {
                checkBridgeAmounts({ inputAmount, outputAmount } as Parameters<typeof checkBridgeAmounts>[0], { shape: "direct", appFee: 0n, delivered: outputAmount, paidFor: outputAmount }, {
                  stated: { expectedOutputAmount: outputAmount, minOutputAmount: outputAmount, appFee: 0n },
                  inputToken: usdcBase, outputToken: output, maxFeeBps,
                });
              } catch {
                sdk = false;
              }
              expect(sdk, `${inputAmount} USDC → ${outputAmount} ${output.symbol} at ${maxFeeBps} bps`).toBe(core);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });
});
