/**
 * Test support for /route: executes a quote the way a partner's user and Sluice's relayer would — the user signs the
 * witness `permit` the quote returned, a relayer submits the executor's `swapWithWitness` with the quote's route — and measures what the
 * user received.
 */
import { inject } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { erc20Abi, type Address, type Hex } from "viem";
import { encodeExecutorWitnessSwap, type ChainName, type ExecutorRoute } from "@sluice/core";
import { call } from "../stack/http.js";
import { manifestChain, reader, walletOf, type TestUser } from "../stack/devnetWallets.js";

export type RouteHopJson = { pool: Address; protocol: string; fee: number; tokenIn: Address; tokenOut: Address; amountIn: string; amountOut: string };
export type RouteQuoteJson = {
  amountIn: string; amountOut: string; amountOutRaw: string; volumeUsd: number; rate: string; protocol: string;
  poolAddress: Address; priceImpactBps: number;
  tokenIn: QuoteTokenJson; tokenOut: QuoteTokenJson;
  route: { splits: { amountIn: string; amountOut: string; hops: RouteHopJson[] }[] };
};
export type QuoteTokenJson = { address: Address; symbol: string; decimals: number; listed: boolean };
export type PermitJson = {
  domain: { name: "Permit2"; chainId: number; verifyingContract: Address };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: "PermitWitnessTransferFrom";
  message: {
    permitted: { token: Address; amount: string }; spender: Address; nonce: string; deadline: string;
    witness: { tokenOut: Address; minAmountOut: string; recipient: Address };
  };
};
export type RouteAnswerJson = { ok: true; quote: RouteQuoteJson; gaslessEligible: boolean; gaslessMinimumUsd: number; computeMs: number; permit?: PermitJson };

export async function quote(key: string, body: Record<string, unknown>) {
  return call<RouteAnswerJson & Record<string, any>>("/api/v1/route", { key, body: { chain: "base", ...body } });
}

/** The executor form of the route a quote answered. */
export function executorRouteOf(q: RouteQuoteJson): ExecutorRoute {
  return {
    splits: q.route.splits.map((s) => ({
      amountIn: BigInt(s.amountIn),
      hops: s.hops.map((h) => (h.protocol === "uniswap-v2"
        ? { pool: h.pool, kind: "v2" as const, tokenIn: h.tokenIn, tokenOut: h.tokenOut }
        : { pool: h.pool, kind: "v3" as const, fee: h.fee, tokenIn: h.tokenIn, tokenOut: h.tokenOut })),
    })),
  };
}

/**
 * The user signs the quote's permit; a relayer submits the executor swap (minimum output = the quoted output);
 * returns what the user received of the output token.
 */
export async function executeQuote(chain: ChainName, user: TestUser, answer: RouteAnswerJson): Promise<bigint> {
  const permit = answer.permit!;
  const message = {
    permitted: { token: permit.message.permitted.token, amount: BigInt(permit.message.permitted.amount) },
    spender: permit.message.spender,
    nonce: BigInt(permit.message.nonce),
    deadline: BigInt(permit.message.deadline),
    witness: {
      tokenOut: permit.message.witness.tokenOut,
      minAmountOut: BigInt(permit.message.witness.minAmountOut),
      recipient: permit.message.witness.recipient,
    },
  };
  const signature: Hex = await walletOf(chain, user.account).signTypedData({
    domain: permit.domain, types: permit.types, primaryType: permit.primaryType, message,
  } as never);
  const route = executorRouteOf(answer.quote);
  const tokenOut = route.splits[0]!.hops.at(-1)!.tokenOut;
  const client = reader(chain);
  const balance = () => client.readContract({ address: tokenOut, abi: erc20Abi, functionName: "balanceOf", args: [user.address] });
  const before = await balance();
  const relayerKey = inject("stack").manifest.accounts.dev.find((a) => a.address.toLowerCase() === manifestChain(chain).relayers[1]!.toLowerCase())!.privateKey;
  const relayer = walletOf(chain, privateKeyToAccount(relayerKey));
  // The witness permit /route issued, exactly as signed; the call asks for exactly the quoted output.
  const data = encodeExecutorWitnessSwap({
    permit: { permitted: message.permitted, nonce: message.nonce, deadline: message.deadline },
    owner: user.address, signature, route, minAmountOut: BigInt(answer.quote.amountOutRaw), witness: message.witness,
  });
  // A fixed, generous gas limit: the quote, not the node's gas estimate, is what this checks.
  const hash = await relayer.sendTransaction({ to: permit.message.spender, data, gas: 5_000_000n });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`executor swap reverted: ${hash}`);
  return (await balance()) - before;
}
