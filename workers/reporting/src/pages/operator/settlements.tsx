import type { Context, Hono } from "hono";
import { listSettlements, longQueries, previousMonth, settleMonth, SluiceError, type SettleMonthResult, type SettlementRecord } from "@sluice/core";
import { deliverWebhooksSoon } from "../../webhookDelivery.js";
import type { ReportingEnv } from "../../env.js";
import { Usd, When } from "../components.js";
import { Csrf, Layout } from "../layout.js";
import { monthQuery } from "../month.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { readForm, requireSession } from "../session.js";

const statusText = { preview: "Preview: nothing written yet", settled: "Settled now: the month's rows are paid", already_settled: "Already settled: nothing changed" };

function Settlement({ result, csrf }: { result: SettleMonthResult; csrf: string }) {
  return (
    <section aria-labelledby="result-heading">
      <h2 id="result-heading">{result.month}</h2>
      <p class={result.status === "preview" ? "banner" : "notice"} role="status" data-testid="settlement-status" data-status={result.status}>{statusText[result.status]}</p>
      <dl class="cards" id="settlement-totals">
        <div><dt>Volume rows</dt><dd data-field="volumeRows">{result.volumeRows}</dd></div>
        <div><dt>Referral rows</dt><dd data-field="referralRows">{result.referralRows}</dd></div>
        <div><dt>Qualifying volume (USD)</dt><dd data-field="totalVolumeUsd"><Usd value={result.totalVolumeUsd} /></dd></div>
        <div><dt>Rebates (USD, exact)</dt><dd data-field="totalRebateUsd"><Usd value={result.totalRebateUsd} exact /></dd></div>
      </dl>
      {result.status === "preview" ? (
        <form class="stack" method="post" action="/admin/settlements">
          <Csrf token={csrf} /><input type="hidden" name="month" value={result.month} />
          <p>Settling freezes every account's rows of {result.month} as paid, at the rates in force now. It runs once.</p>
          <button type="submit">Settle {result.month}</button>
        </form>
      ) : null}
    </section>
  );
}

function Settlements({ month, result, history, csrf }: { month: string; result?: SettleMonthResult; history: SettlementRecord[]; csrf: string }) {
  return (
    <>
      <form class="filters" method="get" action="/admin/settlements">
        <label for="month">Month (UTC, ended)<input id="month" name="month" type="month" value={month} pattern="\d{4}-\d{2}" required /></label>
        <button type="submit">Preview</button>
      </form>
      {result ? <Settlement result={result} csrf={csrf} /> : null}
      <h2>Settled months</h2>
      <div class="table-wrap">
        <table id="settlements-table">
          <thead><tr><th scope="col">Month</th><th scope="col">Status</th><th scope="col">Completed</th></tr></thead>
          <tbody>
            {history.length === 0 ? <tr><td colspan={3} class="muted">None yet.</td></tr> : null}
            {history.map((s) => <tr data-month={s.month}><td><a href={`/admin/settlements?month=${s.month}`}>{s.month}</a></td><td>{s.status}</td><td><When at={s.completedAt} /></td></tr>)}
          </tbody>
        </table>
      </div>
    </>
  );
}

async function page(c: Context<PagesEnv>, month: string, result?: SettleMonthResult) {
  const history = await listSettlements(c.get("services").db);
  return renderPage(c, (
    <Layout title="Settlements" area="operator" current="/admin/settlements" csrf={c.get("operator").csrf} who="operator">
      <Settlements month={month} result={result} history={history} csrf={c.get("operator").csrf} />
    </Layout>
  ));
}

/**
 * `GET /admin/settlements?month=YYYY-MM`: the month's settlement previewed (`settleMonth` with `preview`), or its
 * totals once settled; `POST /admin/settlements` (field `month`): settles it — the same operation as the cron,
 * `POST /admin/v1/settlements` and `pnpm admin settle`. Both run a month's queries under a cron's bound (`longQueries`,
 * placed before the session opens the database), as the admin API's settle does; a settlement's `rebate.settled`
 * webhooks are sent right after, as there.
 */
export function registerOperatorSettlements(pages: Hono<PagesEnv>) {
  pages.get("/settlements", longQueries(), requireSession("operator"), async (c) => {
    const given = c.req.query("month");
    const month = given ? monthQuery(given) : previousMonth();
    const result = given ? await settleMonth(c.get("services").db, { month, preview: true }) : undefined;
    return page(c, month, result);
  });
  pages.post("/settlements", longQueries(), requireSession("operator"), async (c) => {
    const given = (await readForm(c)).month;
    if (!given) throw new SluiceError("MALFORMED_REQUEST", "month: is required");
    const month = monthQuery(given);
    const settlement = await settleMonth(c.get("services").db, { month });
    if (settlement.status === "settled") deliverWebhooksSoon(c as unknown as Context<ReportingEnv>); // rebate.settled (the pages' env is the worker's, plus the session)
    return page(c, month, settlement);
  });
}
