import type { Hono } from "hono";
import { endDashboardSession } from "@sluice/core";
import type { PagesEnv } from "../pagesEnv.js";
import { seeOther } from "../render.js";
import { clearSessionCookie, requireSession, sessionToken } from "../session.js";

/** `POST /admin/logout`: ends the operator session. */
export function registerOperatorSignOut(pages: Hono<PagesEnv>) {
  pages.post("/logout", requireSession("operator"), async (c) => {
    await endDashboardSession(c.get("services").redis, sessionToken(c, "operator"));
    clearSessionCookie(c, "operator");
    return seeOther(c, "/admin/login");
  });
}
