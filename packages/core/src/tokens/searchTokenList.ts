import type { ListedToken } from "./tokenListTypes.js";

const ADDRESS_PREFIX = /^0x[0-9a-f]{0,40}$/i;

/**
 * `search` and `limit` over an ordered list, keeping its order. `search` matches, case-insensitively, a symbol that
 * contains it (so a prefix too), or — when it looks like the start of an address (`0x` and hex digits) — an address
 * that starts with it. An empty `search` matches everything.
 */
export function searchTokenList(tokens: readonly ListedToken[], search: string | undefined, limit: number): ListedToken[] {
  const needle = (search ?? "").trim().toLowerCase();
  const byAddress = ADDRESS_PREFIX.test(needle);
  const matches = needle === ""
    ? tokens
    : tokens.filter((t) => t.symbol.toLowerCase().includes(needle) || (byAddress && t.address.toLowerCase().startsWith(needle)));
  return matches.slice(0, limit);
}
