/**
 * Which IP addresses a webhook may be delivered to: public unicast only. Refused: unspecified, loopback, private
 * (RFC 1918), CGNAT (100.64/10), link-local, benchmarking, documentation, multicast, reserved and broadcast IPv4;
 * IPv6 loopback, unspecified, IPv4-mapped and -compatible, NAT64, 6to4 and Teredo (they embed an IPv4 address),
 * ULA (fc00::/7), link-local, site-local, documentation and multicast — anything outside 2000::/3 too.
 */

type V4Range = [number, number, number, number, number];

const refusedV4: V4Range[] = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // CGNAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay anycast
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

/** Four octets of a dotted-quad IPv4 address, or undefined when it is not one. */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => Number.isInteger(o) && o <= 255) ? octets : undefined;
}

/** Eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 accepted), or undefined. */
export function parseIpv6(text: string): number[] | undefined {
  let address = text.replace(/^\[|\]$/g, "").toLowerCase();
  if (address.includes("%")) return undefined; // zone ids are never a public target
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4Tail) {
    const octets = parseIpv4(v4Tail[1]!);
    if (!octets) return undefined;
    address = address.slice(0, -v4Tail[1]!.length)
      + `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const values = all.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return values.length === 8 && values.every((v) => Number.isInteger(v)) ? values : undefined;
}

function inV4Range(octets: number[], [a, b, c, d, bits]: V4Range): boolean {
  const value = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
  const base = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) === (base & mask);
}

export function isPublicIpv4(octets: number[]): boolean {
  return !refusedV4.some((range) => inV4Range(octets, range));
}

export function isPublicIpv6(groups: number[]): boolean {
  const [g0, g1] = [groups[0]!, groups[1]!];
  if ((g0 & 0xe000) !== 0x2000) return false; // only global unicast 2000::/3 (refuses ::, ::1, ::ffff:*, fc00::/7, fe80::/10, ff00::/8 …)
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2001 && g1 === 0x0000) return false; // Teredo (embeds an IPv4 address)
  if (g0 === 0x2002) return false; // 6to4 (embeds an IPv4 address)
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments (2001::/23), benchmarking included
  return true;
}

/** Whether a textual IP address (v4 or v6, brackets allowed) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return isPublicIpv4(v4);
  const v6 = parseIpv6(address);
  if (v6) return isPublicIpv6(v6);
  return false;
}

/** Whether the text is an IP address literal (v4 dotted quad or v6, brackets allowed). */
export function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== undefined || parseIpv6(host) !== undefined;
}
