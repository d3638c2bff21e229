/**
 * A viem client of a real node (anvil) whose requests pass through, except those `rejects` picks: they fail as a
 * provider's would when the connection drops (an HTTP error, no answer), so code under test sees a failed request,
 * not a node's answer.
 */
import { createPublicClient, custom, http, HttpRequestError, type PublicClient } from "viem";

export type RejectingClientParameters = {
  rpcUrl: string;
  /** Which requests fail (default: every `eth_call`). */
  rejects?: (request: { method: string; params?: unknown }) => boolean;
};

export type RejectingClient = { client: PublicClient; /** Requests failed so far. */ readonly rejected: number };

export function rejectingClient({ rpcUrl, rejects = ({ method }) => method === "eth_call" }: RejectingClientParameters): RejectingClient {
  const forward = createPublicClient({ transport: http(rpcUrl) });
  const state = { rejected: 0 };
  const client = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (rejects({ method, params })) {
          state.rejected++;
          throw new HttpRequestError({ url: rpcUrl, status: 503, details: "service unavailable" });
        }
        return forward.request({ method, params } as never);
      },
    }, { retryCount: 0 }),
  }) as PublicClient;
  return { client, get rejected() { return state.rejected; } };
}
