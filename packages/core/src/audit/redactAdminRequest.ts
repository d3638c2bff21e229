/**
 * Field names whose values are never recorded: tokens (not a `tokens` list), keys (`key`, `apiKey`, `signing_key`…),
 * secrets, passwords, mnemonics and seeds, authorization headers, CSRF tokens, private anything.
 */
const SECRET_NAME = /token(?!s$)|secret|passw|passphrase|mnemonic|seed|authori[sz]ation|csrf|private|signing|(^|[-_])key$|[a-z]Key$/i;
/** Values that look like a secret whatever their field: an API key (40 hex) or a private key or signing key (64 hex). */
const SECRET_VALUE = /^(0x)?[0-9a-f]{64}$|^[0-9a-f]{40}$/i;
/** A recorded string is cut here: a body is evidence of what was asked, not a copy of it. */
const MAX_STRING = 500;
const MAX_NAME = 100;
const MAX_ENTRIES = 50;
const MAX_DEPTH = 4;
/** The whole record, serialised: past it, only a cut preview is kept. */
const MAX_TOTAL = 8_192;

const REDACTED = "[redacted]";

/**
 * A request body, form or CLI options as the audit records them: every field whose name looks secret, and every value
 * that looks like a key, replaced by `"[redacted]"` (in CLI arguments, the value after a secret-named `--flag` too);
 * long strings and names cut, at most 50 entries an object or array, deep nesting flattened to `"[…]"`, and at most
 * 8 KB in all (past it `{ truncated: true, preview }`). Pure; handles anything JSON-like.
 */
export function redactAdminRequest(value: unknown): unknown {
  const redacted = redact(value, 0);
  const text = JSON.stringify(redacted) ?? "null";
  return text.length > MAX_TOTAL ? { truncated: true, preview: text.slice(0, MAX_TOTAL) } : redacted;
}

function redact(value: unknown, depth: number): unknown {
  if (typeof value === "string") return SECRET_VALUE.test(value) ? REDACTED : value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ENTRIES).map((item, i) => (isSecretFlag(value[i - 1]) ? REDACTED : redactFlag(item, depth)));
    return value.length > MAX_ENTRIES ? [...items, `… ${value.length - MAX_ENTRIES} more`] : items;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, MAX_ENTRIES).map(([name, v]) => [name.slice(0, MAX_NAME), SECRET_NAME.test(name) ? REDACTED : redact(v, depth + 1)]);
  if (entries.length > MAX_ENTRIES) kept.push(["…", `${entries.length - MAX_ENTRIES} more fields`]);
  return Object.fromEntries(kept);
}

/** A CLI option naming a secret (`--token`, `--api-key`): the argument after it is its value. */
function isSecretFlag(previous: unknown): boolean {
  return typeof previous === "string" && /^--?[^=]+$/.test(previous) && SECRET_NAME.test(previous.replace(/^--?/, ""));
}

/** `--token=value` keeps its name and loses its value; anything else is redacted as a value. */
function redactFlag(item: unknown, depth: number): unknown {
  if (typeof item === "string") {
    const flag = /^(--?[^=]+)=/.exec(item);
    if (flag && SECRET_NAME.test(flag[1]!.replace(/^--?/, ""))) return `${flag[1]}=${REDACTED}`;
  }
  return redact(item, depth + 1);
}
