import type { Hono } from "hono";
import type { PagesEnv } from "./pagesEnv.js";
import { dashboardCss } from "./styles.js";

/** `GET /dashboard/assets/dashboard.css`: the pages' stylesheet (partner and operator), served by Sluice itself. */
export function registerAssets(pages: Hono<PagesEnv>) {
  pages.get("/assets/dashboard.css", (c) => c.body(dashboardCss, 200, {
    "Content-Type": "text/css; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  }));
}
