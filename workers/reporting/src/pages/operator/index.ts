import { Hono } from "hono";
import { jsonNotFound, SluiceError } from "@sluice/core";
import type { PagesEnv } from "../pagesEnv.js";
import { pageError } from "../render.js";
import { registerOperatorSignIn } from "./signIn.js";
import { registerOperatorSignOut } from "./signOut.js";
import { registerOperatorAccounts } from "./accounts.js";
import { registerOperatorAccount } from "./account.js";
import { registerOperatorAccountActions } from "./accountActions.js";
import { registerOperatorSettlements } from "./settlements.js";
import { registerOperatorChains } from "./chains.js";

/**
 * The operator pages at `/admin` (the admin API stays at `/admin/v1`): sign in with the admin token, then accounts,
 * keys, test traffic, settlement and chains — every action through the same core operations as the admin API.
 */
export function operatorPages() {
  const pages = new Hono<PagesEnv>();
  pages.onError(pageError("operator"));
  registerOperatorSignIn(pages);
  registerOperatorSignOut(pages);
  registerOperatorAccounts(pages);
  registerOperatorAccount(pages);
  registerOperatorAccountActions(pages);
  registerOperatorSettlements(pages);
  registerOperatorChains(pages);
  pages.all("*", (c) => {
    // The admin API's unknown paths keep their JSON 404.
    if (c.req.path.startsWith("/admin/v1/")) return jsonNotFound(c as never);
    throw new SluiceError("NOT_FOUND", "There is no such operator page");
  });
  return pages;
}
