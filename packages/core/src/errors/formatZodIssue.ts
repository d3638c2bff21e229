import type { z } from "zod";

export type FormatZodIssueOptions = {
  /** A prefix for the path (e.g. `events`). */
  root?: string;
  /** What was validated, to tell a missing field from a wrong one and to say what was sent instead. */
  input?: unknown;
  /** Query strings and path parameters are always strings: their type is not worth naming. */
  textual?: boolean;
};

const expectedNames: Record<string, string> = {
  string: "a string", number: "a number", int: "a whole number", boolean: "true or false", object: "an object",
  array: "an array", bigint: "a whole number", date: "a date",
};

/**
 * `amount: must be a decimal string, got a number` — the field path first, then what is wrong: missing (`is
 * required`), of the wrong type (what it must be and what was sent), or the schema's own message.
 */
export function formatZodIssue(issue: z.core.$ZodIssue, options: FormatZodIssueOptions | string = {}): string {
  const { root, input, textual } = typeof options === "string" ? { root: options } : options;
  const known = typeof options === "object" && "input" in options;
  const path = [root, ...issue.path.map(String)].filter(Boolean).join(".");
  const prefix = path ? `${path}: ` : "";
  if (issue.code === "unrecognized_keys") {
    return `${prefix}unknown field ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  }
  const value = valueAt(input, issue.path);
  if (known && value === undefined && issue.code !== "custom") return `${path || "body"}: is required`;
  if (issue.code === "invalid_type") {
    const generic = /^Invalid input/.test(issue.message);
    if (!known) return `${prefix}${issue.message}`;
    const must = generic ? `must be ${expectedNames[issue.expected] ?? issue.expected}` : issue.message;
    return textual ? `${prefix}${must}` : `${prefix}${must}, got ${describeValue(value)}`;
  }
  return `${prefix}${issue.message}`;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return Number.isInteger(value) ? `a number (${value})` : `a number with a fraction (${value})`;
  if (typeof value === "string") return `a string ("${value.length > 40 ? value.slice(0, 40) + "…" : value}")`;
  return typeof value === "object" ? "an object" : `a ${typeof value} (${String(value)})`;
}
