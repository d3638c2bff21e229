const encoder = new TextEncoder();
/** Scratch space the text is encoded into, grown to the largest shard seen (a fresh array per shard costs more in GC). */
let scratch = new Uint8Array(1 << 16);

/**
 * A shard's content version — a 53-bit hash of its UTF-8 bytes, in base 36 — and its size in those bytes. The text is
 * encoded natively (`TextEncoder.encodeInto`, into scratch space kept between calls) and hashed 32 bits at a time,
 * little-endian on every platform, with cyrb53's mixing: about 7 times faster than hashing the string a character at
 * a time (3 ms against 21 for 6.8 MB), which matters for the megabytes a block update writes. Not a cryptographic
 * hash: it names versions of our own values.
 */
export function shardVersion(text: string): { version: string; bytes: number } {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3); // UTF-8 needs at most 3 bytes a UTF-16 unit
  const n = encoder.encodeInto(text, scratch).written;
  const count = n >>> 2;
  let h1 = 0xdeadbeef ^ n;
  let h2 = 0x41c6ce57 ^ n;
  const view = new DataView(scratch.buffer, 0, n); // little-endian words whatever the platform, as fast as a Uint32Array
  for (let i = 0; i < count; i++) {
    const c = view.getUint32(i * 4, true);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  for (let i = count * 4; i < n; i++) {
    h1 = Math.imul(h1 ^ scratch[i]!, 2654435761);
    h2 = Math.imul(h2 ^ scratch[i]!, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return { version: (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36), bytes: n };
}
