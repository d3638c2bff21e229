import type { Hono } from "hono";
import { daysOfMonth, finalizeAccountSolves, formatUsd, readAccountOverview, shiftMonth, type AccountOverview } from "@sluice/core";
import { BarChartSvg, MonthSwitch, Usd } from "../components.js";
import { Layout } from "../layout.js";
import { monthQuery } from "../month.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { requireSession } from "../session.js";
import { partnerWho } from "./partnerWho.js";

const statusLabels = { quoted: "Quotes (route)", encoded: "Solves encoded, not executed", pending: "Solves sent, awaiting receipt", executed: "Solves executed", failed: "Solves failed" };

function Overview({ o }: { o: AccountOverview }) {
  return (
    <>
      <MonthSwitch path="/dashboard" month={o.month} previous={shiftMonth(o.month, -1)} next={shiftMonth(o.month, 1)} />
      <dl class="cards">
        <div><dt>Executed volume in {o.month} (USD)</dt><dd data-testid="executed-volume"><Usd value={o.byStatus.find((s) => s.status === "executed")!.volumeUsd} /></dd></div>
        <div><dt>Rebates accrued in {o.month} (USD)</dt><dd data-testid="rebates-accrued"><Usd value={o.rebates.accruedUsd} exact /></dd></div>
        <div><dt>Rebates paid for {o.rebates.previousMonth} (USD)</dt><dd data-testid="rebates-paid-previous"><Usd value={o.rebates.paidPreviousUsd} exact /></dd></div>
        <div><dt>Gasless share of executed volume</dt>
          <dd data-testid="gasless-share" data-value={o.gasless.sharePercent ?? ""}>{o.gasless.sharePercent === null ? "–" : `${o.gasless.sharePercent}%`}</dd></div>
      </dl>
      <h2 id="daily-heading">Executed volume per day (USD, UTC)</h2>
      <BarChartSvg id="daily-chart" title={`Executed volume per day in ${o.month}, USD`} tableId="daily-table"
        points={o.days.map((d) => ({ label: d.day.slice(8), value: d.volumeUsd }))} />
      <details>
        <summary>The figures as a table</summary>
        <div class="table-wrap">
          <table id="daily-table" aria-labelledby="daily-heading">
            <thead><tr><th scope="col">Day</th><th scope="col" class="num">Executed volume (USD)</th></tr></thead>
            <tbody>{o.days.map((d) => <tr data-day={d.day}><td>{d.day}</td><td class="num"><Usd value={d.volumeUsd} /></td></tr>)}</tbody>
          </table>
        </div>
      </details>
      <h2 id="types-heading">Events by type</h2>
      <div class="table-wrap">
        <table id="events-by-type" aria-labelledby="types-heading">
          <thead><tr><th scope="col">Status</th><th scope="col" class="num">Events</th><th scope="col" class="num">Volume (USD)</th></tr></thead>
          <tbody>
            {o.byStatus.map((s) => (
              <tr data-status={s.status}><td>{statusLabels[s.status]} <span class="muted">({s.status})</span></td>
                <td class="num" data-count={s.count}>{s.count}</td><td class="num"><Usd value={s.volumeUsd} /></td></tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="muted">Gasless: {formatUsd(o.gasless.gaslessUsd)} USD sent by Sluice's relayers; user-paid (encode-only,
        confirmed): {formatUsd(o.gasless.userPaidUsd)} USD.</p>
    </>
  );
}

/** An empty month, as the sandbox's reporting answers (it records nothing). */
function emptyOverview(month: string): AccountOverview {
  return {
    month, days: daysOfMonth(month).map((day) => ({ day, volumeUsd: "0" })), byStatus: (["quoted", "encoded", "pending", "executed", "failed"] as const).map((status) => ({ status, count: 0, volumeUsd: "0" })),
    rebates: { accruedUsd: "0", previousMonth: shiftMonth(month, -1), paidPreviousUsd: "0" },
    gasless: { gaslessUsd: "0", userPaidUsd: "0", sharePercent: null },
  };
}

/** `GET /dashboard?month=YYYY-MM`: the month's executed volume per day, events by type, rebates, gasless share. */
export function registerOverview(pages: Hono<PagesEnv>) {
  pages.get("/", requireSession("partner"), async (c) => {
    const session = c.get("partner");
    const month = monthQuery(c.req.query("month"));
    const { db, redis } = c.get("services");
    let overview: AccountOverview;
    if (session.environment === "sandbox") overview = emptyOverview(month);
    else {
      // As /usage and /rebates do: gasless solves still pending are read back from their chain first.
      await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: session.accountId });
      overview = await readAccountOverview(db, { accountId: session.accountId, month });
    }
    return renderPage(c, (
      <Layout title="Overview" area="partner" current="/dashboard" csrf={session.csrf} who={await partnerWho(c)} sandbox={session.environment === "sandbox"}>
        <Overview o={overview} />
      </Layout>
    ));
  });
}
