import { z } from "@hono/zod-openapi";

export const adminSecurity = [{ AdminToken: [] }];

export const AdminAccountSchema = z.object({
  id: z.string(), slug: z.string(), name: z.string(), rebateBps: z.number(), rebateActive: z.boolean(),
  referrerId: z.string().nullable(), referralBps: z.number(), createdAt: z.string(), updatedAt: z.string(),
}).openapi("AdminAccount");

export const AdminApiKeySchema = z.object({
  id: z.string(), accountId: z.string(), prefix: z.string(), name: z.string().nullable(),
  environment: z.enum(["production", "sandbox"]), isTest: z.boolean(), rateLimitPerMinute: z.number().nullable(),
  createdAt: z.string(), revokedAt: z.string().nullable(),
}).openapi("AdminApiKey");

export const MarkTestBody = z.object({
  eventIds: z.array(z.string()).max(10_000).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  isTest: z.boolean().optional(),
}).strict();

export const AccountParam = z.object({ account: z.string().openapi({ description: "Account id or slug" }) });
export const KeyParam = z.object({ keyId: z.string() });
