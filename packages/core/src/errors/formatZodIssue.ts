import type { z } from "zod";

/** `amount: Expected string, received number` — the field path first, so the caller sees what is wrong. */
export function formatZodIssue(issue: z.core.$ZodIssue, root?: string): string {
  const path = [root, ...issue.path.map(String)].filter(Boolean).join(".");
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return `${path || "body"}: is required`;
  }
  if (issue.code === "unrecognized_keys") {
    return `${path ? path + ": " : ""}unknown field ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  }
  return path ? `${path}: ${issue.message}` : issue.message;
}
