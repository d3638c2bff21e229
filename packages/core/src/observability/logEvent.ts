/** A structured log line: one JSON object per line, what Workers Logs indexes (never an API key or a secret). */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Writes `{ level, event, ...fields, at }` as one JSON line (errors to stderr). */
export function logEvent(level: "info" | "warn" | "error", event: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ level, event, ...fields, at: new Date().toISOString() });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
