import { formatZodIssue, SluiceError } from "@sluice/core";
import type { z } from "zod";

/**
 * A command's values checked with the admin API's own body schema, so the CLI refuses what the API refuses (an
 * empty name, one past 200 characters, a malformed slug) before anything is written. `options` maps each field to
 * the option that sets it: the error names what the operator typed (`--name: …`), not the API's field.
 */
export function parseOptions<S extends z.ZodType>(schema: S, input: Record<string, unknown>, options: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  const option = options[field] ?? field;
  const named = { ...issue, path: [option, ...issue.path.slice(1)] } as z.core.$ZodIssue;
  throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(named, { input: { [option]: input[field] }, textual: true }));
}
