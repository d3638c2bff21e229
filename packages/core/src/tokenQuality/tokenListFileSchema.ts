import { z } from "zod";

/**
 * A Uniswap Token Lists file (https://tokenlists.org, schema `tokenlist.schema.json` of `@uniswap/token-lists`),
 * checked on the fields Sluice reads and the standard's limits on them: name, timestamp, version, and 1–10,000
 * tokens each with chainId, address, decimals, name and symbol. Other fields are allowed and ignored. Written in
 * zod rather than compiled from the JSON schema at run time because Workers forbid the code generation a JSON-schema
 * validator uses; `tokenListFileSchema.test.ts` holds it to the official schema.
 */
export const tokenListFileSchema = z.object({
  name: z.string().min(1).max(30).regex(/^[\w ]+$/, "must be 1-30 letters, digits, underscores or spaces"),
  timestamp: z.iso.datetime({ offset: true }),
  version: z.object({ major: z.number().int().min(0), minor: z.number().int().min(0), patch: z.number().int().min(0) }),
  tokens: z.array(z.object({
    chainId: z.number().int().min(1),
    address: z.string().regex(/^(0x[a-fA-F0-9]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, "must be a token address"),
    decimals: z.number().int().min(0).max(255),
    name: z.string().max(60).regex(/^([ \S+]+)?$/, "must be printable text"),
    symbol: z.string().max(20).regex(/^(\S+)?$/, "must have no spaces"),
    logoURI: z.string().optional(),
    tags: z.array(z.string()).max(10).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  }).strict()).min(1, "must hold at least one token").max(10_000, "must hold at most 10000 tokens"),
});

export type TokenListFile = z.infer<typeof tokenListFileSchema>;
