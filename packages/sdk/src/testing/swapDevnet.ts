/**
 * The SDK's swap tests' chain: the devnet (`startDevnet`: real Permit2 at its canonical address, Sluice's executor
 * deployed as production deploys it, tokens at their real addresses) with one small scenario on base, and the answers
 * an honest Sluice gives there — /route's quote and witness permit (core's `buildPermit`) and /solve's executor call
 * (core's `encodeExecutorWitnessSwap`: relayed for a gasless swap, handed back below the gasless minimum) — from the
 * pools' real state, so an honest swap executes on chain.
 */
import {
  createPublicClient, createWalletClient, defineChain, erc20Abi, formatUnits, hashStruct, http, parseAbi, parseUnits,
  type Address, type Chain, type Hex, type PrivateKeyAccount, type PublicClient, type Transport, type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { buildPermit, encodeExecutorWitnessSwap, PERMIT2_ADDRESS, PERMIT_WITNESS_TRANSFER_FROM_TYPES } from "@sluice/core";
import { startDevnet, type ManifestChain, type ManifestToken } from "@sluice/devnet";
import type { ApiReply } from "./hostileApi.js";

const USDC: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const WETH: Address = "0x4200000000000000000000000000000000000006";
const GASLESS_MINIMUM_USD = 20;

export const swapScenario = {
  name: "sdk-answer-verification",
  chains: {
    base: {
      tokens: [
        { symbol: "USDC", decimals: 6, address: USDC, curated: true },
        { symbol: "WETH", decimals: 18, address: WETH, curated: true },
        { symbol: "TKA", decimals: 18 },
      ],
      pools: [
        { protocol: "uniswap-v2", tokens: ["WETH", "USDC"], reserves: ["1000", "3000000"] },
        { protocol: "uniswap-v2", tokens: ["TKA", "USDC"], reserves: ["100000", "100000"] },
      ],
    },
  },
};

const pairAbi = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"]);
const permit2Abi = parseAbi([
  "function permitWitnessTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)",
]);
const WITNESS_TYPE_STRING = "SluiceSwap witness)SluiceSwap(address tokenOut,uint256 minAmountOut,address recipient)TokenPermissions(address token,uint256 amount)";

/** A wallet whose account counts what it signs: typed data, transactions, messages. */
export type CountingWallet = {
  address: Address;
  walletClient: WalletClient<Transport, Chain, PrivateKeyAccount>;
  signed: { typedData: number; transactions: number; messages: number };
};

type Quoted = { tokenIn: ManifestToken; tokenOut: ManifestToken; amountIn: bigint; amountOut: bigint; pool: Address; volumeUsd: number };

export async function startSwapDevnet() {
  const devnet = await startDevnet({ basePort: 0, scenario: swapScenario });
  try {
    const manifest: ManifestChain = devnet.manifest.chains.base;
    const chain = defineChain({ id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [manifest.rpcUrl] } } });
    const transport = http(manifest.rpcUrl);
    const client = createPublicClient({ chain, transport }) as PublicClient;
    const dev = devnet.manifest.accounts.dev;
    const executor = manifest.executor!;
    const token = (symbol: string) => manifest.tokens.find((t) => t.symbol === symbol)!;
    const byAddress = (address: string) => manifest.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());

    const wallet = (index: number): CountingWallet => {
      const base = privateKeyToAccount(dev[index]!.privateKey);
      const signed = { typedData: 0, transactions: 0, messages: 0 };
      const account: PrivateKeyAccount = {
        ...base,
        signTypedData: (p) => { signed.typedData++; return base.signTypedData(p); },
        signTransaction: (tx, o) => { signed.transactions++; return base.signTransaction(tx, o); },
        signMessage: (p) => { signed.messages++; return base.signMessage(p); },
      };
      return { address: base.address, walletClient: createWalletClient({ account, chain, transport }), signed };
    };
    const relayer = createWalletClient({ account: privateKeyToAccount(dev.find((a) => a.address.toLowerCase() === manifest.relayers[0]!.toLowerCase())!.privateKey), chain, transport });

    /** What the pool pays for the request right now (Uniswap V2's formula on its reserves), as Sluice's router would. */
    const quoteOf = async (body: Record<string, unknown>): Promise<Quoted> => {
      const tokenIn = token(String(body.from));
      const tokenOut = token(String(body.to));
      const amountIn = parseUnits(String(body.amount), tokenIn.decimals);
      const pool = manifest.pools.find((p) => p.tokens.every((t) => [tokenIn.address, tokenOut.address].some((a) => a.toLowerCase() === t.toLowerCase())))!;
      const [r0, r1] = await client.readContract({ address: pool.address, abi: pairAbi, functionName: "getReserves" });
      const token0 = await client.readContract({ address: pool.address, abi: pairAbi, functionName: "token0" });
      const [reserveIn, reserveOut] = token0.toLowerCase() === tokenIn.address.toLowerCase() ? [r0, r1] : [r1, r0];
      const amountOut = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);
      const usd = (t: ManifestToken, raw: bigint) => (t.symbol === "USDC" ? Number(formatUnits(raw, 6)) : t.symbol === "WETH" ? Number(formatUnits(raw, 18)) * 3000 : undefined);
      return { tokenIn, tokenOut, amountIn, amountOut, pool: pool.address, volumeUsd: usd(tokenIn, amountIn) ?? usd(tokenOut, amountOut) ?? 0 };
    };

    const quoteBody = (q: Quoted) => ({
      amountIn: formatUnits(q.amountIn, q.tokenIn.decimals), amountOut: formatUnits(q.amountOut, q.tokenOut.decimals), amountOutRaw: String(q.amountOut),
      poolAddress: q.pool, priceImpactBps: 0, protocol: "uniswap-v2", rate: `${q.tokenIn.symbol} → ${q.tokenOut.symbol}`, volumeUsd: q.volumeUsd,
      route: { splits: [{ amountIn: String(q.amountIn), amountOut: String(q.amountOut), hops: [{
        pool: q.pool, protocol: "uniswap-v2", fee: 3000, tokenIn: q.tokenIn.address, tokenOut: q.tokenOut.address, amountIn: String(q.amountIn), amountOut: String(q.amountOut),
      }] }] },
    });
    const minimumOf = (q: Quoted, body: Record<string, unknown>) => (q.amountOut * BigInt(10_000 - Number(body.slippageBps ?? 5))) / 10_000n;

    /** /route as Sluice answers it: the quote and the witness permit; below the gasless minimum the `Swap too small` failure. */
    const route = async (body: Record<string, unknown>): Promise<ApiReply> => {
      const q = await quoteOf(body);
      const permit = buildPermit({
        chainId: 8453, token: q.tokenIn.address, amount: q.amountIn, spender: executor, nowSeconds: Date.now() / 1000,
        tokenOut: q.tokenOut.address, minAmountOut: minimumOf(q, body), recipient: body.user as Address,
      });
      const eligible = q.volumeUsd >= GASLESS_MINIMUM_USD;
      const answer = { gaslessEligible: eligible, gaslessMinimumUsd: GASLESS_MINIMUM_USD, computeMs: 3, quote: quoteBody(q), permit };
      return eligible
        ? { status: 200, body: { ok: true, ...answer } }
        : { status: 422, body: { ok: false, code: "SWAP_TOO_SMALL", error: `Swap too small: ${q.volumeUsd} USD is below the 20 USD gasless minimum on base`, ...answer } };
    };

    /** /solve as Sluice answers it: the executor's `swapWithWitness` of what was signed, relayed or handed back. */
    const solve = async (body: Record<string, unknown>): Promise<ApiReply & { data: Hex }> => {
      const q = await quoteOf(body);
      const p = body.permit as { permitted: { token: Address; amount: string }; nonce: string; deadline: string };
      const w = body.witness as { tokenOut: Address; minAmountOut: string; recipient: Address };
      const data = encodeExecutorWitnessSwap({
        permit: { permitted: { token: p.permitted.token, amount: BigInt(p.permitted.amount) }, nonce: BigInt(p.nonce), deadline: BigInt(p.deadline) },
        owner: body.user as Address, signature: body.signature as Hex, minAmountOut: minimumOf(q, body),
        route: { splits: [{ amountIn: q.amountIn, hops: [{ pool: q.pool, tokenIn: q.tokenIn.address, tokenOut: q.tokenOut.address, kind: "v2" }] }] },
        witness: { tokenOut: w.tokenOut, minAmountOut: BigInt(w.minAmountOut), recipient: w.recipient },
      });
      const quote = quoteBody(q);
      const transaction = { chain: "base", to: executor, data, value: "0" };
      if (body.dryRun) return { status: 200, data, body: { ok: true, quote, transaction, gaslessEligible: false, computeMs: 4 } };
      if (q.volumeUsd < GASLESS_MINIMUM_USD) {
        return { status: 422, data, body: { ok: false, code: "SWAP_TOO_SMALL", error: "Swap too small", gaslessEligible: false, computeMs: 4, quote, transaction } };
      }
      const txHash = await relayer.sendTransaction({ to: executor, data, gas: 1_000_000n });
      return { status: 200, data, body: { ok: true, quote, transaction: { ...transaction, txHash }, gaslessEligible: true, computeMs: 4 } };
    };

    /** An attacker's use of a signed permit naming it as spender: Permit2 moves the whole permitted amount to it. */
    const drain = async (attacker: CountingWallet, body: Record<string, unknown>): Promise<void> => {
      const p = body.permit as { permitted: { token: Address; amount: string }; nonce: string; deadline: string };
      const w = body.witness as { tokenOut: Address; minAmountOut: string; recipient: Address };
      const witness = hashStruct({ types: PERMIT_WITNESS_TRANSFER_FROM_TYPES, primaryType: "SluiceSwap", data: { tokenOut: w.tokenOut, minAmountOut: BigInt(w.minAmountOut), recipient: w.recipient } });
      const hash = await attacker.walletClient.writeContract({
        address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: "permitWitnessTransferFrom", gas: 500_000n,
        args: [{ permitted: { token: p.permitted.token, amount: BigInt(p.permitted.amount) }, nonce: BigInt(p.nonce), deadline: BigInt(p.deadline) },
          { to: attacker.address, requestedAmount: BigInt(p.permitted.amount) }, body.user as Address, witness, WITNESS_TYPE_STRING, body.signature as Hex],
      });
      await client.waitForTransactionReceipt({ hash });
    };

    /** What a wallet holds and has allowed: nonce, ETH, each token's balance and its allowance to each spender. */
    const holdings = async (owner: Address, spenders: Address[]) => ({
      nonce: await client.getTransactionCount({ address: owner }),
      eth: await client.getBalance({ address: owner }),
      tokens: await Promise.all(manifest.tokens.map(async (t) => ({
        symbol: t.symbol,
        balance: await client.readContract({ address: t.address, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
        allowances: await Promise.all(spenders.map((s) => client.readContract({ address: t.address, abi: erc20Abi, functionName: "allowance", args: [owner, s] }))),
      }))),
    });

    return { manifest, client, chain, executor, token, byAddress, wallet, route, solve, drain, holdings, stop: devnet.stop };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}

export type SwapDevnet = Awaited<ReturnType<typeof startSwapDevnet>>;
