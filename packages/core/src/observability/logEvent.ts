import { redactUrlSecrets } from "./redactUrlSecrets.js";

/** A structured log line: one JSON object per line, what Workers Logs indexes (never an API key or a secret). */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/**
 * Writes `{ level, event, ...fields, at }` as one JSON line (errors to stderr). URLs in text fields keep only their
 * origin (`redactUrlSecrets`): an error's message may quote an RPC URL holding the provider's key.
 */
export function logEvent(level: "info" | "warn" | "error", event: string, fields: LogFields = {}): void {
  const safe = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? redactUrlSecrets(value) : value]));
  const line = JSON.stringify({ level, event, ...safe, at: new Date().toISOString() });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
