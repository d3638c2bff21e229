import type { Hono } from "hono";
import { endDashboardSession } from "@sluice/core";
import type { PagesEnv } from "../pagesEnv.js";
import { seeOther } from "../render.js";
import { clearSessionCookie, requireSession, sessionToken } from "../session.js";

/** `POST /dashboard/logout`: ends the session in Redis and clears the cookie. */
export function registerPartnerSignOut(pages: Hono<PagesEnv>) {
  pages.post("/logout", requireSession("partner"), async (c) => {
    await endDashboardSession(c.get("services").redis, sessionToken(c, "partner"));
    clearSessionCookie(c, "partner");
    return seeOther(c, "/dashboard/login");
  });
}
