import type { Hono } from "hono";
import { clientBucket, signInWithApiKey } from "@sluice/core";
import { Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage, seeOther } from "../render.js";
import { checkSignInToken, endPresentedSession, issueSignInToken, readForm, setSessionCookie } from "../session.js";

function SignInPage({ csrf, error }: { csrf: string; error?: string }) {
  return (
    <Layout title="Sign in" area="partner">
      <div class="login">
        {error ? <p class="error" role="alert" id="sign-in-error">{error}</p> : null}
        <form method="post" action="/dashboard/login" aria-describedby={error ? "sign-in-error" : undefined}>
          <input type="hidden" name="csrf" value={csrf} />
          <label for="key">API key
            <input id="key" name="key" type="password" required autocomplete="off" spellcheck={false}
              inputmode="text" pattern="[0-9a-fA-F]{40}" title="40 hexadecimal characters" />
          </label>
          <p class="muted">Your key is exchanged for a session; this browser never keeps it. A sandbox key opens the
            sandbox view.</p>
          <button type="submit">Sign in</button>
        </form>
      </div>
    </Layout>
  );
}

/** `GET /dashboard/login` (the form) and `POST /dashboard/login` (field `key`: exchanged for a session cookie). */
export function registerPartnerSignIn(pages: Hono<PagesEnv>) {
  pages.get("/login", (c) => renderPage(c, <SignInPage csrf={issueSignInToken(c, "partner")} />));
  pages.post("/login", async (c) => {
    const form = await readForm(c);
    await checkSignInToken(c, form, "partner");
    const { db, redis, caches } = c.get("services");
    // Keys the cache does not hold cost a Postgres lookup each: bounded per client as the API's authentication is. A
    // key accepted signs in a few times a minute at most, as does a client (429 past either: each is an 8-hour session).
    const signedIn = await signInWithApiKey({ db, redis }, form.key?.trim(), {
      client: clientBucket(c.req.header("cf-connecting-ip")), missesPerMinute: c.get("config").AUTH_MISSES_PER_MINUTE, fallback: caches.authFallback,
    });
    if (!signedIn) {
      // One message for every reason (unknown, revoked, malformed), as the API answers.
      return renderPage(c, <SignInPage csrf={issueSignInToken(c, "partner")} error="Invalid or revoked API key" />, 401);
    }
    await endPresentedSession(c, "partner");
    setSessionCookie(c, "partner", signedIn.token);
    return seeOther(c, "/dashboard");
  });
}
