import { promises as dns, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "@sluice/core";

/** Resolves a host name to all its addresses (default: the system resolver, as Node's own connections use). */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

/** The `code` of the error a refused webhook connection fails with (`createWebhookFetch` answers it as is). */
export const WEBHOOK_ADDRESS_REFUSED = "SLUICE_WEBHOOK_ADDRESS_REFUSED";

/**
 * The `lookup` of a webhook connection (`net.connect`'s option): resolves the host name when the connection is made
 * and refuses, before any packet is sent, when any of its addresses is not public (`isPublicAddress`, the rule of
 * `checkWebhookUrl`). Why at connect time: the check before a delivery resolves the name once (over DNS over HTTPS),
 * and the connection would otherwise resolve it again by itself; a name whose DNS answers a public address to the
 * check and 127.0.0.1 or 169.254.169.254 a moment later (DNS rebinding) would make Sluice post to internal services.
 * The addresses checked here are the ones connected to. Handles both forms Node calls it with (`all` or not).
 */
export function publicAddressLookup(resolve: ResolveAll = (host) => dns.lookup(host, { all: true })): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then((found) => {
      const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      const bad = found.find((a) => !isPublicAddress(a.address));
      if (bad || wanted.length === 0) {
        // The address is not named: the error reaches the partner's delivery log, and this host's resolver may see
        // names (a partner's CNAME to an internal one) that public DNS does not.
        const why = bad
          ? `${hostname} resolves to a non-public address at connect time; not connecting`
          : `${hostname} does not resolve to any address at connect time`;
        const error = Object.assign(new Error(why), { code: bad ? WEBHOOK_ADDRESS_REFUSED : "ENOTFOUND", hostname });
        callback(error, options.all ? [] : "", 0 as never);
        return;
      }
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    }, (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : "", 0 as never));
  };
}
