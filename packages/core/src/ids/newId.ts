const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

/** A random, URL-safe identifier with a type prefix: `acc_3k9x...` (20 base32 characters = 100 bits). */
export function newId(prefix: "acc" | "key" | "evt" | "swp" | "brg" | "req" | "lock" | "whk" | "wha" | "adm"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let out = "";
  for (const b of bytes) out += alphabet[b & 31];
  return `${prefix}_${out}`;
}
