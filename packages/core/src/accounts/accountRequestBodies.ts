import { z } from "@hono/zod-openapi";

/**
 * What an operator may send to create or change an account or to issue a key: the admin API's request bodies, and
 * what the CLI and the operator pages parse their input with, so every way in refuses the same values.
 */

const bps = z.number().int().min(0).max(10_000);
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "must be 2-63 lower-case letters, digits or dashes");

export const CreateAccountBody = z.object({
  slug,
  name: z.string().min(1).max(200),
  rebateBps: bps.optional(),
  rebateActive: z.boolean().optional(),
  referrerSlug: slug.optional(),
  referralBps: bps.optional(),
}).strict();

export const UpdateAccountBody = z.object({
  name: z.string().min(1).max(200).optional(),
  rebateBps: bps.optional(),
  rebateActive: z.boolean().optional(),
  referrerSlug: slug.nullable().optional(),
  referralBps: bps.optional(),
}).strict();

export const IssueKeyBody = z.object({
  environment: z.enum(["production", "sandbox"]).default("production"),
  isTest: z.boolean().optional(),
  name: z.string().max(200).optional(),
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000).optional(),
}).strict();
