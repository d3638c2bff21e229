import type { Hono } from "hono";
import { currentUtcMonth, finalizeAccountSolves, listRebates, shiftMonth, sumDecimals, type RebateRow } from "@sluice/core";
import { BarChartSvg, Usd } from "../components.js";
import { Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { requireSession } from "../session.js";
import { partnerWho } from "./partnerWho.js";

const MONTHS_CHARTED = 12;

function RebateRows({ id, caption, rows, referral }: { id: string; caption: string; rows: RebateRow[]; referral?: boolean }) {
  return (
    <div class="table-wrap">
      <table id={id}>
        <caption>{caption}</caption>
        <thead><tr>
          <th scope="col">Month</th>{referral ? <th scope="col">Referred account</th> : null}
          <th scope="col" class="num">Volume (USD)</th><th scope="col" class="num">Rate (bps)</th>
          <th scope="col" class="num">Rebate (USD)</th><th scope="col">Status</th>
        </tr></thead>
        <tbody>
          {rows.length === 0 ? <tr><td colspan={referral ? 6 : 5} class="muted">None yet.</td></tr> : null}
          {rows.map((r) => (
            <tr data-month={r.periodStart.slice(0, 7)} data-kind={r.kind} data-status={r.status}>
              <td>{r.periodStart.slice(0, 7)}</td>{referral ? <td><code>{r.sourceAccountId}</code></td> : null}
              <td class="num" data-field="volume"><Usd value={r.volumeUsd} exact /></td>
              <td class="num" data-field="bps">{r.rebateBps}</td>
              <td class="num" data-field="rebate"><Usd value={r.rebateUsd} exact /></td>
              <td data-field="status">{r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Rebates({ rows }: { rows: RebateRow[] }) {
  const now = currentUtcMonth();
  const months = Array.from({ length: MONTHS_CHARTED }, (_, i) => shiftMonth(now, i - MONTHS_CHARTED + 1));
  const perMonth = months.map((month) => ({
    label: month, value: sumDecimals(rows.filter((r) => r.periodStart.startsWith(month)).map((r) => r.rebateUsd)),
  }));
  return (
    <>
      <p>Each row's rebate is exact, never rounded: <span class="formula" data-testid="formula">rebate_usd = volume_usd × rebate_bps ÷ 10,000</span></p>
      <p class="muted">Volume counts solves the chain shows succeeded, not dry runs and not test traffic. Months not
        settled yet are <em>accrued</em> and follow the volume as it arrives; settlement, a few days after the month
        ends (UTC, once the operator's grace period has passed), freezes them as <em>paid</em>.</p>
      <h2 id="chart-heading">Rebates per month (USD, last {MONTHS_CHARTED} months)</h2>
      <BarChartSvg id="rebates-chart" title="Rebates per month, USD" tableId="rebates-by-month" points={perMonth} />
      <details>
        <summary>The figures as a table</summary>
        <div class="table-wrap">
          <table id="rebates-by-month" aria-labelledby="chart-heading">
            <thead><tr><th scope="col">Month</th><th scope="col" class="num">Rebates (USD)</th></tr></thead>
            <tbody>{perMonth.map((p) => <tr data-month={p.label}><td>{p.label}</td><td class="num"><Usd value={p.value} exact /></td></tr>)}</tbody>
          </table>
        </div>
      </details>
      <h2>Monthly rows</h2>
      <RebateRows id="volume-rows" caption="Your volume's rebate per month" rows={rows.filter((r) => r.kind === "volume")} />
      <h2>Referral rows</h2>
      <RebateRows id="referral-rows" caption="What you earn on the volume of accounts you referred" rows={rows.filter((r) => r.kind === "referral")} referral />
    </>
  );
}

/** `GET /dashboard/rebates`: the ledger as `GET /api/v1/rebates` answers it, with the formula and a chart. */
export function registerRebates(pages: Hono<PagesEnv>) {
  pages.get("/rebates", requireSession("partner"), async (c) => {
    const session = c.get("partner");
    const { db, redis } = c.get("services");
    let rows: RebateRow[] = [];
    if (session.environment === "production") {
      await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: session.accountId });
      rows = await listRebates(db, { accountId: session.accountId });
    }
    return renderPage(c, (
      <Layout title="Rebates" area="partner" current="/dashboard/rebates" csrf={session.csrf} who={await partnerWho(c)} sandbox={session.environment === "sandbox"}>
        <Rebates rows={rows} />
      </Layout>
    ));
  });
}
