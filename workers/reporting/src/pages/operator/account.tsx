import type { Context, Hono } from "hono";
import { findAccount, listAccountKeys, listUsage, type ListedApiKey, type UsageEventRow } from "@sluice/core";

type Account = Awaited<ReturnType<typeof findAccount>>;
import { Usd, When } from "../components.js";
import { Csrf, Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage, noticeFor } from "../render.js";
import { requireSession } from "../session.js";

export type AccountPageExtra = { issued?: { key: string; environment: string }; notice?: string };

function KeysTable({ keys, csrf }: { keys: ListedApiKey[]; csrf: string }) {
  return (
    <div class="table-wrap">
      <table id="keys-table">
        <caption>Keys, newest first</caption>
        <thead><tr><th scope="col">Prefix</th><th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Test</th>
          <th scope="col" class="num">Limit/min</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th>
          <th scope="col"><span class="muted">Action</span></th></tr></thead>
        <tbody>
          {keys.length === 0 ? <tr><td colspan={9} class="muted">No keys.</td></tr> : null}
          {keys.map((k) => (
            <tr data-key-id={k.id}>
              <td><code>{k.prefix}…</code></td><td>{k.name ?? ""}</td><td>{k.environment}</td><td>{k.isTest ? "test" : ""}</td>
              <td class="num">{k.rateLimitPerMinute ?? "default"}</td><td><When at={k.createdAt} /></td><td><When at={k.lastUsedAt} /></td>
              <td data-field="status">{k.revokedAt ? <>revoked <When at={k.revokedAt} /></> : "active"}</td>
              <td>{k.revokedAt ? null : (
                <form class="inline" method="post" action={`/admin/keys/${encodeURIComponent(k.id)}/revoke`}>
                  <Csrf token={csrf} />
                  <button type="submit" class="danger" aria-label={`Revoke key ${k.prefix}`}>Revoke</button>
                </form>
              )}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AccountPage({ account, keys, events, csrf, extra }: { account: Account; keys: ListedApiKey[]; events: UsageEventRow[]; csrf: string; extra: AccountPageExtra }) {
  const base = `/admin/accounts/${encodeURIComponent(account.slug)}`;
  return (
    <>
      {extra.notice ? <p class="notice" role="status">{extra.notice}</p> : null}
      {extra.issued ? (
        <div class="notice" role="status"><p><strong>New {extra.issued.environment} key</strong> — give it to the partner now, it is not shown again:</p>
          <p class="secret" data-testid="issued-key">{extra.issued.key}</p></div>
      ) : null}
      <dl class="cards">
        <div><dt>Id</dt><dd><code>{account.id}</code></dd></div>
        <div><dt>Rebate rate</dt><dd>{account.rebateBps} bps {account.rebateActive ? "" : "(inactive)"}</dd></div>
        <div><dt>Referral</dt><dd>{account.referrerId ? `${account.referralBps} bps to ${account.referrerId}` : "none"}</dd></div>
      </dl>
      <h2>Keys</h2>
      <KeysTable keys={keys} csrf={csrf} />
      <h3>Issue a key</h3>
      <form class="stack" method="post" action={`${base}/keys`}>
        <Csrf token={csrf} />
        <label for="environment">Environment
          <select id="environment" name="environment"><option value="production">production</option><option value="sandbox">sandbox</option></select>
        </label>
        <label for="name">Name (optional)<input id="name" name="name" maxlength={200} /></label>
        <label for="rateLimitPerMinute">Requests per minute (optional)<input id="rateLimitPerMinute" name="rateLimitPerMinute" inputmode="numeric" pattern="\d{1,7}" /></label>
        <label class="check" for="isTest"><input id="isTest" name="isTest" type="checkbox" value="true" /> Test key (its traffic never earns rebates)</label>
        <button type="submit">Issue key</button>
      </form>
      <h2>Mark test traffic</h2>
      <p class="muted">Marked events never earn rebates (months not settled yet follow at once). Give event ids, or a time range (UTC).</p>
      <form class="stack" method="post" action={`${base}/mark-test`}>
        <Csrf token={csrf} />
        <label for="eventIds">Event ids (space or comma separated)<input id="eventIds" name="eventIds" size={40} /></label>
        <label for="from">From (UTC)<input id="from" name="from" type="datetime-local" /></label>
        <label for="to">To (UTC, exclusive)<input id="to" name="to" type="datetime-local" /></label>
        <label class="check" for="unmark"><input id="unmark" name="unmark" type="checkbox" value="true" /> Un-mark instead</label>
        <button type="submit">Apply</button>
      </form>
      <h2>Latest events</h2>
      <div class="table-wrap">
        <table id="events-table">
          <thead><tr><th scope="col">When (UTC)</th><th scope="col">Event id</th><th scope="col">Type</th><th scope="col">Chain</th>
            <th scope="col" class="num">Volume (USD)</th><th scope="col">Status</th><th scope="col">Test</th></tr></thead>
          <tbody>
            {events.length === 0 ? <tr><td colspan={7} class="muted">No events.</td></tr> : null}
            {events.map((e) => (
              <tr data-event-id={e.id}><td><When at={e.createdAt} /></td><td><code>{e.id}</code></td><td>{e.eventType}</td><td>{e.chain}</td>
                <td class="num"><Usd value={e.volumeUsd} /></td><td>{e.status}</td><td data-field="test">{e.isTest ? "test" : ""}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The account page, with what an action just did (a key issued is shown here once). */
export async function renderAccountPage(c: Context<PagesEnv>, idOrSlug: string, extra: AccountPageExtra = {}) {
  const { db, redis } = c.get("services");
  const account = await findAccount(db, idOrSlug);
  const [keys, usage] = await Promise.all([
    listAccountKeys({ db, redis }, account.id),
    listUsage(db, { accountId: account.id, limit: 20 }),
  ]);
  return renderPage(c, (
    <Layout title={`Account ${account.slug} · ${account.name}`} area="operator" current="/admin" csrf={c.get("operator").csrf} who="operator">
      <AccountPage account={account} keys={keys} events={usage.events} csrf={c.get("operator").csrf} extra={extra} />
    </Layout>
  ));
}

const notices: Record<string, string> = { revoked: "The key is revoked: the API refuses it from the next request on." };

/** `GET /admin/accounts/:account` (id or slug): the account, its keys, and the forms acting on them. */
export function registerOperatorAccount(pages: Hono<PagesEnv>) {
  pages.get("/accounts/:account", requireSession("operator"), (c) => {
    const marked = c.req.query("marked");
    const notice = marked !== undefined && /^\d+$/.test(marked) ? `${marked} event(s) changed.` : noticeFor(notices, c.req.query("done"));
    return renderAccountPage(c, c.req.param("account"), { notice });
  });
}
