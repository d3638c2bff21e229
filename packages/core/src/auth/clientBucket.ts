/**
 * The bucket a client's address counts in for per-client limits: an IPv4 address itself, an IPv6 address its /64
 * (one subscriber's whole prefix, which it can spread requests over at will). Undefined when there is no address
 * (nothing to count by). Written by hand: a few lines, where an address library would be a dependency of every worker.
 */
export function clientBucket(address: string | undefined | null): string | undefined {
  const ip = address?.trim().toLowerCase();
  if (!ip) return undefined;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (g.replace(/^0+/, "") || "0")).join(":")}::/64`;
}
