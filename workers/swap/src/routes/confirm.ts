import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, chainNames, chains, confirmEncodedSwap, errorResponses, findEncodedSwap, findUsageEventByTx,
  markUsageExecuted, requireApiKey, requireChainDeployment, SluiceError, type AppEnv, type ChainName,
} from "@sluice/core";
import { createChainClient } from "@sluice/core/chains/createChainClient";
import { getAddress, isAddressEqual, keccak256, type Hash, type PublicClient, type Transaction } from "viem";
import type { SolveEnv } from "./solveBindings.js";

export const ConfirmBody = z.object({
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex transaction hash")
    .openapi({ example: "0x5e1f6d1c0b9a8e7f6d5c4b3a29180706f5e4d3c2b1a09f8e7d6c5b4a39281706" }),
  chain: z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }).openapi({ example: "base" }),
}).strict().openapi("ConfirmRequest");

export const ConfirmAnswer = z.object({
  ok: z.literal(true),
  txHash: z.string(),
  chain: z.enum(chainNames),
  volumeUsd: z.number().openapi({ description: "USD volume credited to the account that encoded the swap" }),
  tracked: z.literal(true),
}).openapi("ConfirmAnswer");

export const confirmRoute = createRoute({
  method: "post",
  path: "/api/v1/confirm",
  tags: ["Swap"],
  summary: "Track the volume of a swap the user submitted with Sluice's calldata",
  description: "For encode-only swaps (below the gasless minimum, or a dry run the user sent). Verifies on chain that the "
    + "transaction is mined, succeeded, targeted the chain's executor, was sent by the permit's owner and that keccak256 "
    + "of its input equals calldata Sluice encoded for the calling account; then counts the volume once. Confirming "
    + "again answers the same and counts nothing more. A transaction encoded for another account answers NOT_FOUND; "
    + "a gasless solve's transaction (already tracked from its receipt) answers CONFLICT.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: ConfirmBody } }, required: true } },
  responses: {
    200: { description: "The volume is tracked", content: { "application/json": { schema: ConfirmAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "NOT_FOUND", "CONFLICT", "TRANSACTION_REJECTED",
      "UPSTREAM_ERROR", ...authErrorCodes]),
  },
});

export function registerConfirm(app: OpenAPIHono<AppEnv>) {
  (app as unknown as OpenAPIHono<SolveEnv>).openapi(confirmRoute, async (c) => {
    const { txHash, chain } = c.req.valid("json");
    const hash = txHash.toLowerCase() as Hash;
    const deployment = requireChainDeployment(c.env.SLUICE_CHAINS, chain);
    if (!deployment.executor) throw new SluiceError("UNSUPPORTED_CHAIN", `Sluice's executor is not deployed on ${chain}`);
    const executor = deployment.executor;
    const client = createChainClient({ chain, deployment });
    const { accountId } = c.get("auth");

    const tx = await verifyMinedCall(client, chain, hash, executor);
    const { db } = c.get("services");
    const swap = await findEncodedSwap(db, chain, keccak256(tx.input).toLowerCase());
    // A relayer's transaction is a gasless solve, tracked from its receipt: it is never credited again here.
    const holder = await findUsageEventByTx(db, chain, hash);
    const byRelayer = deployment.relayers.some((relayer) => isAddressEqual(relayer, tx.from));
    if (byRelayer || (holder && holder.id !== swap?.usageEventId)) {
      throw new SluiceError("CONFLICT", `Transaction ${hash} is already tracked as a gasless solve; its volume counts once, from its receipt`, {
        hint: "/confirm is for transactions the user sent with calldata from an encode-only /solve",
      });
    }
    // Another account's swap answers exactly like no swap: the caller learns nothing about it.
    if (!swap || swap.accountId !== accountId) {
      throw new SluiceError("NOT_FOUND", `Transaction ${hash} does not match any calldata Sluice encoded for this account on ${chain}`, {
        hint: "send the exact `transaction.data` /solve returned, unmodified, from the permit's owner",
      });
    }
    // Only the permit's owner can have sent the swap the user signed for; anything else is not this swap.
    if (!isAddressEqual(tx.from, swap.owner as `0x${string}`)) {
      throw new SluiceError("TRANSACTION_REJECTED",
        `Transaction ${hash} was sent by ${getAddress(tx.from)}, not by the permit's owner ${getAddress(swap.owner)}: no volume is tracked`, {
          hint: "the user who signed the permit sends the encode-only transaction from their own wallet",
        });
    }
    await requireSucceeded(client, chain, hash);

    const confirmed = await confirmEncodedSwap(db, swap.id, hash);
    if (swap.usageEventId) await markUsageExecuted(c.env.USAGE, swap.usageEventId, hash);
    return c.json({ ok: true as const, txHash: hash, chain, volumeUsd: Number(confirmed.volumeUsd), tracked: true as const }, 200);
  });
}

/** The transaction exists, is mined and went to the executor; returns it. */
async function verifyMinedCall(client: PublicClient, chain: ChainName, hash: Hash, executor: `0x${string}`): Promise<Transaction> {
  const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
    if ((error as { name?: string }).name === "TransactionNotFoundError") return null;
    throw new SluiceError("UPSTREAM_ERROR", `The ${chain} RPC did not answer; retry shortly`, { cause: error });
  });
  if (!tx) {
    throw new SluiceError("NOT_FOUND", `Unknown transaction: ${chains[chain].displayName} has no transaction ${hash}`, {
      hint: "check the hash and the chain; a transaction just sent may take a moment to propagate",
    });
  }
  if (tx.blockNumber === null) {
    throw new SluiceError("CONFLICT", `Transaction ${hash} is still pending; call /confirm again once it is mined`);
  }
  if (!tx.to || !isAddressEqual(tx.to, executor)) {
    throw new SluiceError("TRANSACTION_REJECTED",
      `Transaction ${hash} was sent to ${tx.to ? getAddress(tx.to) : "no contract (a deployment)"}, not to Sluice's executor ${getAddress(executor)} on ${chain}`);
  }
  return tx;
}

async function requireSucceeded(client: PublicClient, chain: ChainName, hash: Hash): Promise<void> {
  const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
    throw new SluiceError("UPSTREAM_ERROR", `The ${chain} RPC did not return the receipt; retry shortly`, { cause: error });
  });
  if (receipt.status !== "success") {
    throw new SluiceError("TRANSACTION_REJECTED", `Transaction ${hash} failed (reverted) on ${chain}: no volume is tracked`, {
      hint: "the swap did not happen; get a fresh quote and permit and try again",
    });
  }
}

