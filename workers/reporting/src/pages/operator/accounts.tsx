import type { Hono } from "hono";
import { listOperatorAccounts, shiftMonth, type OperatorAccountRow } from "@sluice/core";
import { MonthSwitch, Usd } from "../components.js";
import { Layout } from "../layout.js";
import { monthQuery } from "../month.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { requireSession } from "../session.js";

function Accounts({ month, search, rows }: { month: string; search: string; rows: OperatorAccountRow[] }) {
  return (
    <>
      <form class="filters" method="get" action="/admin" role="search" aria-label="Find accounts">
        <label for="q">Slug or name<input id="q" name="q" value={search} maxlength={100} /></label>
        <label for="month">Month (UTC)<input id="month" name="month" type="month" value={month} pattern="\d{4}-\d{2}" /></label>
        <button type="submit">Show</button>
      </form>
      <MonthSwitch path="/admin" month={month} previous={shiftMonth(month, -1)} next={shiftMonth(month, 1)} />
      <div class="table-wrap">
        <table id="accounts-table">
          <caption>Accounts by qualifying volume of {month} (its ledger month; month to date for the current month)</caption>
          <thead><tr>
            <th scope="col">Account</th><th scope="col">Name</th><th scope="col" class="num">Rebate (bps)</th><th scope="col">Rebates</th>
            <th scope="col" class="num">Referral (bps)</th><th scope="col" class="num">Qualifying volume (USD)</th>
            <th scope="col" class="num">Executed incl. test (USD)</th><th scope="col" class="num">Active keys</th>
          </tr></thead>
          <tbody>
            {rows.length === 0 ? <tr><td colspan={8} class="muted">No accounts match.</td></tr> : null}
            {rows.map((a) => (
              <tr data-account={a.slug}>
                <td><a href={`/admin/accounts/${encodeURIComponent(a.slug)}`}>{a.slug}</a></td><td>{a.name}</td>
                <td class="num" data-field="bps">{a.rebateBps}</td><td>{a.rebateActive ? "active" : "inactive"}</td>
                <td class="num">{a.referralBps}</td>
                <td class="num" data-field="qualifying"><Usd value={a.qualifyingVolumeUsd} /></td>
                <td class="num"><Usd value={a.executedVolumeUsd} /></td><td class="num">{a.activeKeys}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `GET /admin?month=&q=`: accounts with the month's volume and their rates. */
export function registerOperatorAccounts(pages: Hono<PagesEnv>) {
  pages.get("/", requireSession("operator"), async (c) => {
    const month = monthQuery(c.req.query("month"));
    const search = (c.req.query("q") ?? "").trim().slice(0, 100);
    const rows = await listOperatorAccounts(c.get("services").db, { month, search: search || undefined });
    return renderPage(c, (
      <Layout title="Accounts" area="operator" current="/admin" csrf={c.get("operator").csrf} who="operator">
        <Accounts month={month} search={search} rows={rows} />
      </Layout>
    ));
  });
}
