import type { Hash, PublicClient } from "viem";

/**
 * What the node says of a transaction hash: `found` (pending or mined), `unknown` (the node answered it has no such
 * transaction), or `failed` (no answer: the RPC, not the node's knowledge). The relayer treats only `unknown` as a
 * statement about the transaction; `failed` says nothing.
 */
export async function lookUpTransaction(client: PublicClient, hash: Hash): Promise<"found" | "unknown" | "failed"> {
  return client.getTransaction({ hash }).then(
    () => "found" as const,
    (error: { name?: string }) => (error?.name === "TransactionNotFoundError" ? "unknown" as const : "failed" as const),
  );
}
