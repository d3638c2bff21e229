import { SluiceError } from "../errors/SluiceError.js";
import { isIpLiteral, isPublicAddress } from "./addressRules.js";
import { resolverAnswers } from "./resolverAnswers.js";

export type WebhookUrlPolicy = {
  /**
   * Local development and tests only: also accept `http://127.0.0.1[:port]` (and https there). Never set in a
   * production configuration.
   */
  allowLocalHttp?: boolean;
  /** Resolves a host name to its addresses (`resolveWithDoh`); undefined: host names are refused. */
  resolve?: (host: string) => Promise<string[]>;
};

/**
 * The name looked up to tell a host's own DNS failing from the resolver failing (`resolverAnswers`): reserved by IANA
 * for examples, served by its nameservers for decades and held in every public resolver's cache.
 */
export const WEBHOOK_DNS_CONTROL_NAME = "example.com";

const MAX_URL_LENGTH = 2048;
const refusedNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|onion)$/i;

/** Whether the URL is the local-development target the policy may allow: 127.0.0.1 exactly. */
const isLocalDevTarget = (url: URL) => url.hostname === "127.0.0.1";

/**
 * Checks a webhook URL for the rules of delivery and answers it normalised: `https` on a public address (host names
 * are resolved and every address must be public), no credentials, no fragment. Throws MALFORMED_REQUEST naming
 * `url` (the field partners send). Used when an endpoint is created and again before every delivery attempt
 * (addresses change).
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, field = "url"): Promise<string> {
  const refuse = (why: string): never => { throw new SluiceError("MALFORMED_REQUEST", `${field}: ${why}`); };
  if (raw.length > MAX_URL_LENGTH) refuse(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(`must be an absolute https URL, got ${JSON.stringify(raw.slice(0, 100))}`);
  }
  // What is stored and checked again before each delivery is the normalised form, where each non-ASCII character is
  // percent-encoded (up to 12 characters): a URL within the limit only as typed would fail every delivery.
  if (url.toString().length > MAX_URL_LENGTH) refuse(`must be at most ${MAX_URL_LENGTH} characters once normalised (non-ASCII characters are percent-encoded)`);
  if (url.username || url.password) refuse("must not carry credentials");
  if (url.hash) refuse("must not have a fragment");
  const local = policy.allowLocalHttp === true && isLocalDevTarget(url);
  if (url.protocol !== "https:" && !(local && url.protocol === "http:")) {
    refuse(`must use https, got ${url.protocol.replace(/:$/, "")}`);
  }
  if (local) return url.toString();

  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, ""); // `localhost.` is localhost
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) refuse(`must be a public address; ${host} is private, loopback, link-local or reserved`);
    return url.toString();
  }
  if (refusedNames.test(host) || !host.includes(".")) refuse(`must be a public host name; ${host} is local`);
  if (!policy.resolve) return refuse(`host names cannot be resolved here; use a public address`);
  let addresses: string[];
  try {
    addresses = await policy.resolve(host);
  } catch (error) {
    // The name's own DNS failed (the resolver answered SERVFAIL, REFUSED…): the host's fault, like a wrong name.
    const status = (error as { dnsStatus?: number }).dnsStatus;
    if (status !== undefined) refuse(`${host} could not be resolved: its DNS answered status ${status}`);
    // No answer about the name (the resolver's time limit, an HTTP error). If the same resolver answers a name that
    // always resolves, the name's own nameservers did not (a partner's slow DNS): the host's fault, or its endpoint
    // would never fail for it. Else the resolver, not the input: a 502 to retry, not a 400.
    const message = (error as Error).message || String(error);
    if (await resolverAnswers(policy.resolve, WEBHOOK_DNS_CONTROL_NAME)) {
      refuse(`${host} could not be resolved: its DNS did not answer (${message}; other names resolve)`);
    }
    throw new SluiceError("UPSTREAM_ERROR", `${field}: ${host} could not be resolved just now (${message}); retry shortly`);
  }
  if (addresses.length === 0) refuse(`${host} does not resolve to any address`);
  const bad = addresses.find((address) => !isPublicAddress(address));
  if (bad) refuse(`must be a public address; ${host} resolves to ${bad}`);
  return url.toString();
}

type DohAnswer = { Status: number; Answer?: Array<{ type: number; data: string }> };

/**
 * Resolves a host's A and AAAA records with DNS over HTTPS (JSON API, e.g. `https://cloudflare-dns.com/dns-query`).
 * Workers have no resolver of their own; this is the check the code can make. (Workers' own `fetch` also refuses to
 * connect to private addresses in production, which covers a name that changes between this check and the request.)
 * Both lookups are over before it fails, so a failed one's control lookup never runs beside them (an attempt holds at
 * most two connections at once: `DELIVERY_CONCURRENCY`); a failure with a DNS status is the one thrown, as it is the
 * name's. Without `fetcher`, the global `fetch` when it is called.
 */
export function resolveWithDoh(endpoint: string, fetcher?: typeof fetch) {
  return async (host: string): Promise<string[]> => {
    const settled = await Promise.allSettled([1, 28].map(async (type) => {
      const response = await (fetcher ?? fetch)(`${endpoint}?name=${encodeURIComponent(host)}&type=${type}`, {
        headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(3000),
      });
      if (!response.ok) throw new Error(`resolver answered ${response.status}`);
      const answer = await response.json() as DohAnswer;
      // The resolver answered, about the name: its DNS failed (SERVFAIL, REFUSED…). Told apart from the resolver
      // failing (no answer, an HTTP error), which is Sluice's to retry.
      if (answer.Status !== 0 && answer.Status !== 3) throw Object.assign(new Error(`resolver status ${answer.Status}`), { dnsStatus: answer.Status });
      return (answer.Answer ?? []).filter((a) => a.type === type).map((a) => a.data);
    }));
    const failures = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as Error & { dnsStatus?: number }] : []));
    if (failures.length) throw failures.find((f) => f.dnsStatus !== undefined) ?? failures[0];
    return settled.flatMap((s) => (s.status === "fulfilled" ? s.value : []));
  };
}
