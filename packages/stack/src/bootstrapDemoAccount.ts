import { createAccount, findAccount, issueApiKey, SluiceError, type Database } from "@sluice/core";

export type DemoCredentials = { accountId: string; productionKey: string; sandboxKey: string };

/** A partner account to start with, and a fresh production and sandbox key for it. */
export async function bootstrapDemoAccount(db: Database): Promise<DemoCredentials> {
  const account = await findAccount(db, "demo").catch(async (error) => {
    if (!(error instanceof SluiceError && error.code === "NOT_FOUND")) throw error;
    return createAccount(db, { slug: "demo", name: "Demo Partner", rebateBps: 10 });
  });
  const production = await issueApiKey(db, { account: account.id, environment: "production", name: "local stack" });
  const sandbox = await issueApiKey(db, { account: account.id, environment: "sandbox", name: "local stack" });
  return { accountId: account.id, productionKey: production.key, sandboxKey: sandbox.key };
}
