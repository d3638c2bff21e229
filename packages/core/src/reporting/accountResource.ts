import { z } from "@hono/zod-openapi";
import type { Account } from "../db/schema/index.js";

/** The `account` resource of GET /api/v1/account (interface §2), shared by production and the sandbox. */
export const AccountSchema = z.object({
  id: z.string().openapi({ example: "acc_4t3jdpv4veh55g0czq94" }),
  slug: z.string().openapi({ example: "acme" }),
  name: z.string().openapi({ example: "Acme Wallet" }),
  rebate_bps: z.number().int().openapi({ description: "Configured rebate rate in basis points", example: 15 }),
  rebate_active: z.boolean().openapi({ description: "Whether rebates are active" }),
}).openapi("Account");

export function toAccountResource(account: Account): z.infer<typeof AccountSchema> {
  return {
    id: account.id,
    slug: account.slug,
    name: account.name,
    rebate_bps: account.rebateBps,
    rebate_active: account.rebateActive,
  };
}
