import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatZodIssue } from "./formatZodIssue.js";

const Body = z.object({
  amount: z.string().regex(/^\d+(\.\d+)?$/, "must be a decimal string"),
  slippageBps: z.number().int().min(0).max(5000).optional(),
  dryRun: z.boolean().optional(),
  chain: z.enum(["base", "ethereum"], { error: "must be one of base, ethereum" }),
}).strict();

const message = (input: unknown, textual = false) => {
  const result = Body.safeParse(input);
  if (result.success) throw new Error("accepted");
  return formatZodIssue(result.error.issues[0]!, { input, textual });
};

describe("formatZodIssue says what is wrong with the field", () => {
  it.each([
    [{ chain: "base" }, "amount: is required"],
    [{ amount: 1, chain: "base" }, "amount: must be a string, got a number (1)"],
    [{ amount: "1", chain: "base", slippageBps: 1.5 }, "slippageBps: must be a whole number, got a number with a fraction (1.5)"],
    [{ amount: "1", chain: "base", dryRun: "yes" }, `dryRun: must be true or false, got a string ("yes")`],
    [{ amount: "1", chain: 8453 }, "chain: must be one of base, ethereum"],
    [{ amount: "1", chain: "base", extra: 1 }, "unknown field 'extra'"],
    [{ amount: "1.", chain: "base" }, "amount: must be a decimal string"],
  ])("%j → %s", (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it("names no type for query strings, and still tells a missing field", () => {
    const Query = z.object({ limit: z.coerce.number({ error: "must be a whole number" }).int() });
    const result = Query.safeParse({ limit: "abc" });
    expect(formatZodIssue(result.error!.issues[0]!, { input: { limit: "abc" }, textual: true })).toBe("limit: must be a whole number");
    expect(message({ amount: "1" })).toBe("chain: is required");
  });
});
