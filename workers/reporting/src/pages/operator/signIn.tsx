import type { Hono } from "hono";
import { clientBucket, signInOperator } from "@sluice/core";
import { Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage, seeOther } from "../render.js";
import { checkSignInToken, endPresentedSession, issueSignInToken, readForm, setSessionCookie } from "../session.js";

function SignInPage({ csrf, error }: { csrf: string; error?: string }) {
  return (
    <Layout title="Operator sign-in" area="operator">
      <div class="login">
        {error ? <p class="error" role="alert" id="sign-in-error">{error}</p> : null}
        <form method="post" action="/admin/login" aria-describedby={error ? "sign-in-error" : undefined}>
          <input type="hidden" name="csrf" value={csrf} />
          <label for="token">Admin token
            <input id="token" name="token" type="password" required autocomplete="off" spellcheck={false} />
          </label>
          <button type="submit">Sign in</button>
        </form>
      </div>
    </Layout>
  );
}

/** `GET /admin/login` and `POST /admin/login` (field `token`: the deployment's ADMIN_TOKEN, exchanged for a session). */
export function registerOperatorSignIn(pages: Hono<PagesEnv>) {
  pages.get("/login", (c) => renderPage(c, <SignInPage csrf={issueSignInToken(c, "operator")} />));
  pages.post("/login", async (c) => {
    const form = await readForm(c);
    await checkSignInToken(c, form, "operator");
    // Wrong tokens are charged to the client's budget of key lookups: past it 429, and no token is compared until the minute is over.
    const signedIn = await signInOperator(c.get("services").redis, form.token, c.get("config").ADMIN_TOKEN, {
      client: clientBucket(c.req.header("cf-connecting-ip")), missesPerMinute: c.get("config").AUTH_MISSES_PER_MINUTE,
    });
    if (!signedIn) return renderPage(c, <SignInPage csrf={issueSignInToken(c, "operator")} error="Invalid admin token" />, 401);
    await endPresentedSession(c, "operator");
    setSessionCookie(c, "operator", signedIn.token);
    return seeOther(c, "/admin");
  });
}
