import { randomBytes } from "node:crypto";
import { admin } from "./http.js";

export type Partner = { accountId: string; slug: string; key: string; keyId: string };

export type CreatePartnerParameters = {
  rebateBps?: number;
  rebateActive?: boolean;
  referrerSlug?: string;
  referralBps?: number;
  environment?: "production" | "sandbox";
  isTest?: boolean;
  rateLimitPerMinute?: number;
};

/** A fresh partner account (unique slug) with one key, made through the admin API like an operator would. */
export async function createPartner(params: CreatePartnerParameters = {}): Promise<Partner> {
  const slug = `p-${randomBytes(6).toString("hex")}`;
  const created = await admin("/admin/v1/accounts", {
    body: { slug, name: `Partner ${slug}`, rebateBps: params.rebateBps ?? 10, rebateActive: params.rebateActive,
      referrerSlug: params.referrerSlug, referralBps: params.referralBps },
  });
  if (created.status !== 200) throw new Error(`creating a partner failed: ${JSON.stringify(created.body)}`);
  const issued = await issueKey(slug, params);
  return { accountId: created.body.account.id, slug, ...issued };
}

export async function issueKey(account: string, params: CreatePartnerParameters = {}) {
  const issued = await admin(`/admin/v1/accounts/${account}/keys`, {
    body: { environment: params.environment ?? "production", isTest: params.isTest, rateLimitPerMinute: params.rateLimitPerMinute },
  });
  if (issued.status !== 200) throw new Error(`issuing a key failed: ${JSON.stringify(issued.body)}`);
  return { key: issued.body.key as string, keyId: issued.body.apiKey.id as string };
}
