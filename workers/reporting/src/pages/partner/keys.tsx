import type { Context, Hono } from "hono";
import { issueAccountApiKey, listAccountKeys, revokeAccountApiKey, SluiceError, type ListedApiKey } from "@sluice/core";
import { When } from "../components.js";
import { Csrf, Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage, seeOther, noticeFor } from "../render.js";
import { readForm, requireSession } from "../session.js";
import { partnerWho } from "./partnerWho.js";

const notices: Record<string, string> = { revoked: "The key is revoked: the API refuses it from the next request on." };

/**
 * Only a session opened with a production key issues or revokes keys. A sandbox key is often placed in front-end
 * code; were its session to manage keys, whoever found it could mint keys that outlive its revocation and revoke the
 * partner's others.
 */
function requireProductionSession(c: Context<PagesEnv>): void {
  if (c.get("partner").environment !== "production") {
    throw new SluiceError("FORBIDDEN", "session: keys are issued and revoked only when signed in with a production key");
  }
}

function Keys({ keys, csrf, sessionKeyId, manages, issued, notice }: {
  keys: ListedApiKey[]; csrf: string; sessionKeyId: string; manages: boolean; issued?: string; notice?: string;
}) {
  return (
    <>
      {notice ? <p class="notice" role="status">{notice}</p> : null}
      {issued ? (
        <div class="notice" role="status">
          <p><strong>Your new sandbox key</strong> — copy it now, it is not shown again:</p>
          <p class="secret" data-testid="issued-key">{issued}</p>
        </div>
      ) : null}
      <div class="table-wrap">
        <table id="keys-table">
          <caption>Your API keys, newest first. Only the prefix of a key is kept for display.</caption>
          <thead><tr>
            <th scope="col">Prefix</th><th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Created</th>
            <th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="muted">Action</span></th>
          </tr></thead>
          <tbody>
            {keys.map((k) => (
              <tr data-key-id={k.id} data-prefix={k.prefix}>
                <td><code>{k.prefix}…</code></td><td>{k.name ?? ""}</td>
                <td>{k.environment}{k.isTest ? " (test)" : ""}</td><td><When at={k.createdAt} /></td>
                <td><When at={k.lastUsedAt} /></td>
                <td data-field="status">{k.revokedAt ? <>revoked <When at={k.revokedAt} /></> : "active"}{k.id === sessionKeyId ? " · signed in with it" : ""}</td>
                <td>{k.revokedAt || !manages ? null : (
                  <form class="inline" method="post" action="/dashboard/keys/revoke">
                    <Csrf token={csrf} /><input type="hidden" name="keyId" value={k.id} />
                    <button type="submit" class="danger" aria-label={`Revoke key ${k.prefix}`}>Revoke</button>
                  </form>
                )}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {manages ? (
        <>
          <h2>Issue a sandbox key</h2>
          <form class="stack" method="post" action="/dashboard/keys/issue">
            <Csrf token={csrf} />
            <label for="key-name">Name (optional)<input id="key-name" name="name" maxlength={200} /></label>
            <button type="submit">Issue a sandbox key</button>
          </form>
          <p class="muted">Sandbox keys work on the sandbox only: real quotes, nothing submitted, nothing recorded.
            Production keys are issued by Sluice's operators.</p>
        </>
      ) : (
        <p class="muted">Signed in with a sandbox key: keys are issued and revoked only when signed in with a production key.</p>
      )}
    </>
  );
}

async function keysPage(c: Context<PagesEnv>, extra: { issued?: string; notice?: string } = {}) {
  const session = c.get("partner");
  const { db, redis } = c.get("services");
  // A sandbox key's session sees the sandbox keys only, and manages none.
  const environment = session.environment === "sandbox" ? "sandbox" : undefined;
  const keys = await listAccountKeys({ db, redis }, session.accountId, environment);
  return renderPage(c, (
    <Layout title="Keys" area="partner" current="/dashboard/keys" csrf={session.csrf} who={await partnerWho(c)} sandbox={session.environment === "sandbox"}>
      <Keys keys={keys} csrf={session.csrf} sessionKeyId={session.keyId} manages={session.environment === "production"} {...extra} />
    </Layout>
  ));
}

/**
 * `GET /dashboard/keys`; `POST /dashboard/keys/revoke` (field `keyId`, one of the account's keys); `POST
 * /dashboard/keys/issue`. The two forms are a production-key session's only.
 */
export function registerKeys(pages: Hono<PagesEnv>) {
  pages.get("/keys", requireSession("partner"), (c) => keysPage(c, { notice: noticeFor(notices, c.req.query("done")) }));
  pages.post("/keys/revoke", requireSession("partner"), async (c) => {
    requireProductionSession(c);
    const session = c.get("partner");
    const keyId = (await readForm(c)).keyId;
    if (!keyId) throw new SluiceError("MALFORMED_REQUEST", "keyId: is required");
    const { db, redis } = c.get("services");
    await revokeAccountApiKey({ db, redis }, { accountId: session.accountId, keyId });
    // Revoking the key this session signed in with ends the session: the next page asks to sign in again.
    return seeOther(c, "/dashboard/keys?done=revoked");
  });
  pages.post("/keys/issue", requireSession("partner"), async (c) => {
    requireProductionSession(c);
    const name = (await readForm(c)).name?.trim();
    if (name && name.length > 200) throw new SluiceError("MALFORMED_REQUEST", "name: must be at most 200 characters");
    const { key } = await issueAccountApiKey({ db: c.get("services").db }, { accountId: c.get("partner").accountId, environment: "sandbox", name: name || undefined });
    return keysPage(c, { issued: key });
  });
}
