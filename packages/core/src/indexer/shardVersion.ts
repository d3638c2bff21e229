/**
 * A shard's content version — a 53-bit hash of its encoded text (cyrb53), in base 36 — and its size in UTF-8 bytes,
 * in one pass.
 */
export function shardVersion(text: string): { version: string; bytes: number } {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 2 : 3; // a surrogate pair is 4 bytes: 2 + 2
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return { version: (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36), bytes };
}
