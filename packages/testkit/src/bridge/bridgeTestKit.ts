/**
 * Test helpers for the bridge endpoints: fresh user wallets funded on the devnet, the local Across API's devnet-only
 * controls (hold, tamper, fund, request counts), and sending a quote's transactions from the user's wallet.
 */
import { inject } from "vitest";
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { chainById, chainNames, chains } from "@sluice/core";
import { call } from "../stack/http.js";

export const BASE = 8453;
export const ARBITRUM = 42161;
export const bridgeToken = (chainId: number, symbol: string): Address =>
  chainById(chainId)!.curatedTokens.find((t) => t.symbol === symbol)!.address;

function rpcUrl(chainId: number): string {
  const name = chainNames.find((n) => chains[n].id === chainId)!;
  return inject("stack").manifest.chains[name].rpcUrl;
}

function chain(chainId: number) {
  return defineChain({ id: chainId, name: String(chainId), nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl(chainId)] } } });
}

export const publicClient = (chainId: number) => createPublicClient({ chain: chain(chainId), transport: http() });

/**
 * Mines `blocks` empty blocks on a devnet chain. Its own time limit: anvil takes seconds for thousands of blocks on a
 * loaded CI machine, past a client's default 10 s.
 */
export async function mineBlocks(chainId: number, blocks: number): Promise<void> {
  const miner = createPublicClient({ chain: chain(chainId), transport: http(undefined, { timeout: 120_000, retryCount: 0 }) });
  await miner.request({ method: "anvil_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
}

export async function acrossControl(path: string, body?: unknown) {
  const response = await fetch(`${inject("stack").acrossApiUrl}/devnet/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`devnet control ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

export type Wallet = { key: Hex; address: Address };

/** A fresh wallet; with `fund`, given that amount of a curated token (and gas) on a chain by the devnet relayer. */
export async function newWallet(fund?: { chainId: number; symbol: string; amount: bigint }): Promise<Wallet> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (fund) await acrossControl("fund", { chainId: fund.chainId, address, token: fund.symbol, amount: fund.amount.toString() });
  return { key, address };
}

export const tamper = (depositor: Address, mode: string | null) => acrossControl("tamper", { depositor, mode });
export const hold = (depositor: Address) => acrossControl("hold", { depositor });

export function bridgeBalanceOf(chainId: number, tokenAddress: Address, owner: Address) {
  return publicClient(chainId).readContract({ address: tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

type QuoteTransactions = { approvalTxns: { chainId: number; to: string; data: string }[]; swapTx: { chainId: number; to: string; data: string; value: string } };

/** Sends the approvals, then the deposit, from the wallet, as a client would; returns the deposit's hash. */
export async function sendQuoteTransactions(wallet: Wallet, quote: QuoteTransactions): Promise<Hex> {
  await sendApprovals(wallet, quote);
  const chainId = quote.swapTx.chainId;
  const client = createWalletClient({ account: privateKeyToAccount(wallet.key), chain: chain(chainId), transport: http() });
  const hash = await client.sendTransaction({ to: quote.swapTx.to as Address, data: quote.swapTx.data as Hex, value: BigInt(quote.swapTx.value) });
  expect((await publicClient(chainId).waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

/** Sends only the quote's approvals from the wallet. */
export async function sendApprovals(wallet: Wallet, quote: Pick<QuoteTransactions, "approvalTxns" | "swapTx">) {
  const chainId = quote.swapTx.chainId;
  const client = createWalletClient({ account: privateKeyToAccount(wallet.key), chain: chain(chainId), transport: http() });
  for (const approval of quote.approvalTxns) {
    const hash = await client.sendTransaction({ to: approval.to as Address, data: approval.data as Hex });
    expect((await publicClient(chainId).waitForTransactionReceipt({ hash })).status).toBe("success");
  }
}

/** Polls `/bridge/status` until the deposit reaches `status` (or the time runs out). */
export async function waitForStatus(key: string, depositTxnRef: Hex, status: string, timeoutMs = 60_000, { mineOn }: { mineOn?: number } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last: Record<string, any> | undefined;
  while (Date.now() < deadline) {
    // An idle anvil makes no blocks, so its clock stands still; a live chain's moves on. Sluice reads the clock of
    // the destination's latest block to decide expiry, so the test keeps that chain's blocks coming.
    if (mineOn !== undefined) await publicClient(mineOn).request({ method: "evm_mine" as never, params: [] as never });
    const response = await call(`/api/v1/bridge/status?depositTxnRef=${depositTxnRef}`, { key });
    last = response.body;
    if (response.status === 200 && response.body.deposit.status === status) return response.body.deposit;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`deposit ${depositTxnRef} did not reach ${status}; last answer ${JSON.stringify(last)}`);
}

export function quoteBody(depositor: Address, overrides: Record<string, unknown> = {}) {
  return {
    originChainId: BASE, destinationChainId: ARBITRUM, inputToken: "USDC", outputToken: "USDC",
    amount: "25000000", depositor, ...overrides,
  };
}

import { expect } from "vitest";
