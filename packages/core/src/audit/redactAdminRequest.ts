/** Field names whose values are never recorded: tokens, keys, secrets, passwords and form CSRF tokens. */
const SECRET_FIELD = /token|secret|password|passphrase|csrf|private|^key$|apikey|api_key/i;
/** A recorded string is cut here: a body is evidence of what was asked, not a copy of it. */
const MAX_STRING = 500;
const MAX_DEPTH = 4;

/**
 * A request body or CLI options as the audit records them: every field whose name looks secret replaced by
 * `"[redacted]"`, long strings cut, deep nesting flattened to `"[…]"`. Pure; handles anything JSON-like.
 */
export function redactAdminRequest(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? value.toString() : value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactAdminRequest(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, SECRET_FIELD.test(name) ? "[redacted]" : redactAdminRequest(v, depth + 1)]));
}
