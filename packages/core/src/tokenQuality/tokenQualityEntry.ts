import { z } from "zod";
import { chainNames } from "../chains/chains.js";

/** One score to write: a chain by name, a token address (any case), a whole number 0–100. */
export const tokenQualityEntrySchema = z.object({
  chain: z.enum(chainNames),
  token: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address"),
  score: z.number().int().min(0).max(100),
});

export type TokenQualityEntry = z.infer<typeof tokenQualityEntrySchema>;
