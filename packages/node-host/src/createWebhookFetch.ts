import { isIP } from "node:net";
import { isPublicAddress, webhookAttemptAbandoned } from "@sluice/core";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { publicAddressLookup, WEBHOOK_ADDRESS_REFUSED, type ResolveAll } from "./publicAddressLookup.js";

export type CreateWebhookFetchParameters = {
  /**
   * `WEBHOOK_LOCAL_DEVELOPMENT=true` (a local stack, tests): the address literal 127.0.0.1 may be connected to, as
   * `checkWebhookUrl` allows `http://127.0.0.1` then. A name that resolves to it is refused all the same.
   */
  allowLocalHttp?: boolean;
  /** How host names are resolved at connect time (default the system resolver); tests answer what a rebinding DNS would. */
  resolve?: ResolveAll;
};

/**
 * The webhook fetch of the Node host: `fetch`, and `close` to let its connections go when the host stops (requests
 * still in flight then fail as abandoned, `webhookAttemptAbandoned`: the stop has waited out its grace for them, and
 * their deliveries record nothing and are sent again).
 */
export type WebhookFetch = typeof fetch & { close: () => Promise<void> };

/**
 * The `fetch` webhook deliveries use on the Node host (the areas' `WEBHOOK_FETCH` binding): every connection goes
 * only to an address that passes `isPublicAddress`, checked when the connection is made, by an undici `Agent` of its
 * own whose connector refuses a private address literal and resolves host names through `publicAddressLookup`.
 * Why: on Workers, `fetch` itself refuses private addresses; on Node, the global fetch connects wherever the resolver
 * points, so the check before a delivery (`checkWebhookUrl`) alone would leave DNS rebinding open (and the test-send
 * endpoint would report what internal services answer). Only webhooks use this agent: chain RPC and the other
 * outbound requests of the host may rightly go to private addresses. A refused connection fails with the reason
 * (not undici's bare "fetch failed"), which the delivery records as the attempt's error.
 */
export function createWebhookFetch({ allowLocalHttp = false, resolve }: CreateWebhookFetchParameters = {}): WebhookFetch {
  const connector = buildConnector({ lookup: publicAddressLookup(resolve) });
  const agent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, "");
      // Literals are never looked up: checked here (a URL that skipped `checkWebhookUrl` still goes nowhere private).
      if (isIP(host) && !isPublicAddress(host) && !(allowLocalHttp && host === "127.0.0.1")) {
        const error = Object.assign(new Error(`${host} is not a public address; not connecting`), { code: WEBHOOK_ADDRESS_REFUSED });
        callback(error, null);
        return;
      }
      connector(options, callback);
    },
  });
  let closing = false;
  const webhookFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (closing) throw webhookAttemptAbandoned("the host is stopping");
    try {
      return await undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...init, dispatcher: agent } as Parameters<typeof undiciFetch>[1]) as unknown as Response;
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } }).cause;
      if (cause instanceof Error && cause.code === WEBHOOK_ADDRESS_REFUSED) throw cause;
      // Cut by `close` (the host stopping), not by the receiver: the delivery records nothing and is sent again.
      if (closing) throw webhookAttemptAbandoned("the host stopped before the receiver answered");
      throw error;
    }
  };
  return Object.assign(webhookFetch as typeof fetch, {
    close: () => {
      closing = true;
      return agent.destroy();
    },
  });
}
