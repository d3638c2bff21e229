import type { Context } from "hono";
import { findAccount } from "@sluice/core";
import type { PagesEnv } from "../pagesEnv.js";

/** Who is signed in, for the page header: the account's name and slug, and the environment of the key. */
export async function partnerWho(c: Context<PagesEnv>): Promise<string> {
  const session = c.get("partner");
  const account = await findAccount(c.get("services").db, session.accountId);
  return `${account.name} (${account.slug})${session.environment === "sandbox" ? " · sandbox" : ""}`;
}
