/**
 * Characters a stored symbol keeps at most. Real symbols are a few characters (the longest curated ones about a
 * dozen); 32 leaves room for every legitimate one while bounding a token's stored row: 32 code points are at most
 * 128 bytes of UTF-8 (control characters, which JSON would escape to 6 bytes each, are removed first), where an
 * unbounded `symbol()` could make one token's row larger than a whole stored value (1 MB).
 */
export const TOKEN_SYMBOL_MAX_CHARS = 32;

/**
 * A token's `symbol()` (or name) as Sluice stores and shows it: control and format characters removed (C0/C1
 * controls, zero-width and bidirectional overrides: nothing a token list or dashboard should render), whitespace runs
 * made one space, trimmed, cut to `maxChars` code points (never inside a surrogate pair); empty becomes "?".
 */
export function sanitizeTokenSymbol(raw: string, maxChars = TOKEN_SYMBOL_MAX_CHARS): string {
  // Cut first (generously) so a multi-megabyte answer is never scanned whole.
  const head = raw.length > maxChars * 64 ? raw.slice(0, maxChars * 64) : raw;
  const cleaned = head.replace(/[\p{Cc}\p{Cf}]/gu, "").replace(/\s+/gu, " ").trim();
  const cut = Array.from(cleaned).slice(0, maxChars).join("").trim();
  return cut || "?";
}
