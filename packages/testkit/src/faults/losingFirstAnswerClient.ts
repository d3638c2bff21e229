/**
 * A viem client of a real node (anvil) behind a provider that takes the first transaction sent but loses its answer
 * (the client's retry meets "nonce too low", since the node has it), and whose backend does not know that transaction
 * yet when it is looked up (`eth_getTransactionByHash` answers null). What a relayer sees when a send's answer is lost
 * on a fast chain with a lagging backend: it signs the swap again at a fresh nonce, and both are mined.
 */
import { createPublicClient, http, keccak256, type Hash, type Hex, type PublicClient } from "viem";

export type LosingFirstAnswerClient = { client: PublicClient; /** The first transaction's hash, once sent. */ first: () => Hash | undefined };

export function losingFirstAnswerClient(rpcUrl: string): LosingFirstAnswerClient {
  let first: Hash | undefined;
  const fetchFn: typeof fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { id?: unknown; method?: string; params?: [Hex] };
    const answer = (value: object) => new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...value }), { headers: { "content-type": "application/json" } });
    if (body.method === "eth_sendRawTransaction" && first === undefined) {
      first = keccak256(body.params![0]);
      await fetch(input, init);
      return answer({ error: { code: -32000, message: "nonce too low" } });
    }
    if (body.method === "eth_getTransactionByHash" && body.params![0].toLowerCase() === first) return answer({ result: null });
    return fetch(input, init);
  };
  return { client: createPublicClient({ transport: http(rpcUrl, { fetchFn }) }) as PublicClient, first: () => first };
}
