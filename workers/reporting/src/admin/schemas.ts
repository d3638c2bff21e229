import { z } from "@hono/zod-openapi";

export const adminSecurity = [{ AdminToken: [] }];

const bps = z.number().int().min(0).max(10_000);
export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "must be 2-63 lower-case letters, digits or dashes");

export const AdminAccountSchema = z.object({
  id: z.string(), slug: z.string(), name: z.string(), rebateBps: z.number(), rebateActive: z.boolean(),
  referrerId: z.string().nullable(), referralBps: z.number(), createdAt: z.string(), updatedAt: z.string(),
}).openapi("AdminAccount");

export const AdminApiKeySchema = z.object({
  id: z.string(), accountId: z.string(), prefix: z.string(), name: z.string().nullable(),
  environment: z.enum(["production", "sandbox"]), isTest: z.boolean(), rateLimitPerMinute: z.number().nullable(),
  createdAt: z.string(), revokedAt: z.string().nullable(),
}).openapi("AdminApiKey");

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

export const MarkTestBody = z.object({
  eventIds: z.array(z.string()).max(10_000).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  isTest: z.boolean().optional(),
}).strict();

export const AccountParam = z.object({ account: z.string().openapi({ description: "Account id or slug" }) });
export const KeyParam = z.object({ keyId: z.string() });
