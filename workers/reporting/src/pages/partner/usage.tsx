import type { Hono } from "hono";
import { finalizeAccountSolves, listUsage, type ListUsageResult } from "@sluice/core";
import { Usd, When } from "../components.js";
import { Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { requireSession } from "../session.js";
import { partnerWho } from "./partnerWho.js";
import { filtersQuery, usageFilters, type UsageFilters } from "./usageFilters.js";

const PAGE_SIZE = 50;

function UsageTable({ result, filters }: { result: ListUsageResult; filters: UsageFilters }) {
  return (
    <>
      <form class="filters" method="get" action="/dashboard/usage" role="search" aria-label="Filter events">
        <label for="period">Month (UTC)
          <input id="period" name="period" type="month" value={filters.period ?? ""} placeholder="YYYY-MM" pattern="\d{4}-\d{2}" />
        </label>
        <label for="event_type">Event type
          <select id="event_type" name="event_type">
            <option value="" selected={!filters.eventType}>Any</option>
            <option value="route" selected={filters.eventType === "route"}>route (quotes)</option>
            <option value="solve" selected={filters.eventType === "solve"}>solve (swaps)</option>
          </select>
        </label>
        <button type="submit">Apply</button>
        <a class="button secondary" href={`/dashboard/usage.csv${filtersQuery(filters)}`} download>Export CSV</a>
      </form>
      <p>Total volume of the matching events: <strong data-testid="usage-total"><Usd value={result.totalVolumeUsd} /></strong> USD
        {" "}(executed: <span data-testid="usage-executed"><Usd value={result.totalsByStatus.executed} /></span> USD).</p>
      <div class="table-wrap">
        <table id="usage-table">
          <caption>Events, newest first{filters.cursor ? " (continued)" : ""}</caption>
          <thead><tr>
            <th scope="col">When (UTC)</th><th scope="col">Type</th><th scope="col">Chain</th><th scope="col" class="num">Volume (USD)</th>
            <th scope="col">Status</th><th scope="col">Test</th><th scope="col">Transaction</th><th scope="col">Event id</th>
          </tr></thead>
          <tbody>
            {result.events.length === 0 ? <tr><td colspan={8} class="muted">No events match.</td></tr> : null}
            {result.events.map((e) => (
              <tr data-event-id={e.id}>
                <td><When at={e.createdAt} /></td><td>{e.eventType}</td><td>{e.chain}</td>
                <td class="num"><Usd value={e.volumeUsd} /></td><td>{e.status}</td><td>{e.isTest ? "test" : ""}</td>
                <td>{e.txHash ? <code title={e.txHash}>{`${e.txHash.slice(0, 10)}…`}</code> : ""}</td><td><code>{e.id}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label="Pages">
        {filters.cursor ? <a href={`/dashboard/usage${filtersQuery(filters)}`}>Newest</a> : null}
        {result.nextCursor ? <a rel="next" href={`/dashboard/usage${filtersQuery(filters, { cursor: result.nextCursor })}`}>Older events →</a> : null}
      </nav>
    </>
  );
}

/** `GET /dashboard/usage?period=&event_type=&cursor=`: the account's events, filtered, 50 a page. */
export function registerUsage(pages: Hono<PagesEnv>) {
  pages.get("/usage", requireSession("partner"), async (c) => {
    const session = c.get("partner");
    const filters = usageFilters(c.req.query());
    const { db, redis } = c.get("services");
    const empty: ListUsageResult = { events: [], totalVolumeUsd: "0", totalsByStatus: { quoted: "0", encoded: "0", pending: "0", executed: "0", failed: "0" } };
    let result = empty;
    if (session.environment === "production") {
      await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: session.accountId });
      result = await listUsage(db, { accountId: session.accountId, ...filters, limit: PAGE_SIZE });
    }
    return renderPage(c, (
      <Layout title="Usage" area="partner" current="/dashboard/usage" csrf={session.csrf} who={await partnerWho(c)} sandbox={session.environment === "sandbox"}>
        <UsageTable result={result} filters={filters} />
      </Layout>
    ));
  });
}
