/** The few raw JSON-RPC calls the devnet's Across pieces make against anvil (unlocked or impersonated senders). */
import type { Address, Hex } from "viem";

let nextId = 1;

export async function rpcCall<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string; data?: unknown } };
  if (body.error) throw new Error(`${method} on ${rpcUrl}: ${body.error.message}${body.error.data ? ` ${JSON.stringify(body.error.data)}` : ""}`);
  return body.result as T;
}

type Receipt = { status: Hex; transactionHash: Hex; contractAddress: Address | null };

/** Sends a transaction from an unlocked (or impersonated) account and waits for it; throws when it reverted. */
export async function sendAndWait(rpcUrl: string, tx: { from: Address; to?: Address; data: Hex; value?: bigint }): Promise<Hex> {
  const receipt = await sendForReceipt(rpcUrl, tx);
  return receipt.transactionHash;
}

export async function sendForReceipt(rpcUrl: string, tx: { from: Address; to?: Address; data: Hex; value?: bigint }): Promise<Receipt> {
  const hash = await rpcCall<Hex>(rpcUrl, "eth_sendTransaction", [{
    from: tx.from, to: tx.to, data: tx.data, value: tx.value === undefined ? undefined : `0x${tx.value.toString(16)}`, gas: "0x1c9c380",
  }]);
  for (let i = 0; i < 200; i++) {
    const receipt = await rpcCall<Receipt | null>(rpcUrl, "eth_getTransactionReceipt", [hash]);
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`transaction ${hash} on ${rpcUrl} reverted`);
      return receipt;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`transaction ${hash} on ${rpcUrl} was not mined`);
}
