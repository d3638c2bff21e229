import { Hono } from "hono";
import { SluiceError } from "@sluice/core";
import { registerAssets } from "../assets.js";
import type { PagesEnv } from "../pagesEnv.js";
import { pageError } from "../render.js";
import { registerPartnerSignIn } from "./signIn.js";
import { registerPartnerSignOut } from "./signOut.js";
import { registerOverview } from "./overview.js";
import { registerUsage } from "./usage.js";
import { registerUsageCsv } from "./usageCsv.js";
import { registerRebates } from "./rebates.js";
import { registerKeys } from "./keys.js";
import { registerWebhooks } from "./webhooks.js";

/**
 * The partner dashboard at `/dashboard` (reached through the public entry): sign in with an API key, then the
 * account's overview, usage, rebates, keys and webhooks — scoped to the key's account exactly as the API is. Errors are pages.
 */
export function partnerPages() {
  const pages = new Hono<PagesEnv>();
  pages.onError(pageError("partner"));
  registerAssets(pages);
  registerPartnerSignIn(pages);
  registerPartnerSignOut(pages);
  registerOverview(pages);
  registerUsage(pages);
  registerUsageCsv(pages);
  registerRebates(pages);
  registerKeys(pages);
  registerWebhooks(pages);
  pages.all("*", () => {
    throw new SluiceError("NOT_FOUND", "There is no such dashboard page");
  });
  return pages;
}
