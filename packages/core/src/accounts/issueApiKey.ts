import type { Database } from "../db/createDb.js";
import { apiKeys, type ApiKey } from "../db/schema/index.js";
import { generateApiKey } from "../auth/generateApiKey.js";
import { newId } from "../ids/newId.js";
import { findAccount } from "./findAccount.js";

export type IssueApiKeyParameters = {
  account: string;
  environment: "production" | "sandbox";
  isTest?: boolean;
  name?: string;
  rateLimitPerMinute?: number;
};

export type IssueApiKeyReturnType = {
  /** The key itself: shown once, never stored. */
  key: string;
  apiKey: Omit<ApiKey, "keyHash">;
};

export async function issueApiKey(db: Pick<Database, "select" | "insert">, params: IssueApiKeyParameters): Promise<IssueApiKeyReturnType> {
  const account = await findAccount(db, params.account);
  const { key, hash, prefix } = await generateApiKey();
  const [row] = await db.insert(apiKeys).values({
    id: newId("key"),
    accountId: account.id,
    keyHash: hash,
    prefix,
    name: params.name ?? null,
    environment: params.environment,
    isTest: params.isTest ?? false,
    rateLimitPerMinute: params.rateLimitPerMinute ?? null,
  }).returning();
  const { keyHash: _hash, ...apiKey } = row!;
  return { key, apiKey };
}
