/**
 * Reporting benchmark: `pnpm tsx bench/reporting.ts` (needs the local PostgreSQL; BENCH_DATABASE_URL overrides).
 * Builds a scratch database `sluice_bench` with 10,000 accounts (every tenth referred by another) and
 * 1,000,000 usage events over three UTC months (the current one and the two before), inserted in bulk; then
 * measures the `/usage` query (the same core function the endpoint runs) — p50/p99 over random accounts with
 * and without filters and cursors —, `/rebates`, and the settlement of the previous month (and its rerun).
 */
import { migrateDatabase, recreateDatabase } from "../packages/admin/src/migrateDatabase.js";
import { createDb, listRebates, listUsage, settleMonth } from "../packages/core/src/index.js";

const ACCOUNTS = 10_000;
const EVENTS = 1_000_000;
const SAMPLES = 2_000;
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/sluice_bench";

const monthOf = (offset: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 7);
};
const [older, previous, current] = [monthOf(-2), monthOf(-1), monthOf(0)];

async function seconds<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function setUp() {
  await recreateDatabase(url);
  await migrateDatabase(url);
  const { db, close } = createDb({ url });
  const client = (db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client;

  const [, accountsTime] = await seconds(() => client.query(`
    insert into accounts (id, slug, name, rebate_bps, rebate_active)
    select 'acc_bench_' || i, 'bench-' || i, 'Bench ' || i, (i % 50) + 1, i % 20 <> 0
    from generate_series(1, ${ACCOUNTS}) as i;
    update accounts set referrer_id = 'acc_bench_' || (((split_part(id, '_', 3))::int + 7) % ${ACCOUNTS} + 1), referral_bps = 5
    where (split_part(id, '_', 3))::int % 10 = 0;`));
  // One multi-row INSERT … SELECT per 100,000 events; times spread uniformly over the three months (the
  // current month only up to now).
  const from = Date.parse(`${older}-01T00:00:00Z`);
  const span = Date.now() - from;
  const [, eventsTime] = await seconds(async () => {
    for (let batch = 0; batch < EVENTS / 100_000; batch++) {
      await client.query(`
        insert into usage_events (id, account_id, event_type, chain, volume_usd, is_dry_run, is_test, tx_hash, outcome,
          created_at, ledger_period, recorded_at)
        select id, account, kind, chain, volume, dry_run, test,
          case when kind = 'solve' and not dry_run then '0x' || lpad(to_hex(n), 64, '0') end,
          case when kind = 'solve' and not dry_run then (case when random() < 0.02 then 'failed' else 'succeeded' end)::swap_outcome end,
          t, date_trunc('month', t at time zone 'UTC')::date, t
        from (select 'evt_bench_' || (${batch * 100_000} + i) as id, ${batch * 100_000} + i as n,
            'acc_bench_' || (1 + floor(random() * ${ACCOUNTS})::int) as account,
            (case when random() < 0.6 then 'solve' else 'route' end)::usage_event_type as kind,
            (array['base','ethereum','arbitrum','polygon'])[1 + floor(random() * 4)::int] as chain,
            round((random() * 20000)::numeric, 6) as volume, random() < 0.1 as dry_run, random() < 0.05 as test,
            to_timestamp((${from} + random() * ${span}) / 1000) as t
          from generate_series(1, 100000) as i) s`);
    }
  });
  await client.query("analyze");
  await close();
  console.log(`setup: ${ACCOUNTS.toLocaleString()} accounts in ${accountsTime.toFixed(1)} s; ${EVENTS.toLocaleString()} events (${older}..${current}) in ${eventsTime.toFixed(1)} s`);
}

async function main() {
  await setUp();
  const { db, close } = createDb({ url });
  const randomAccount = () => `acc_bench_${1 + Math.floor(Math.random() * ACCOUNTS)}`;
  const measure = async (label: string, work: () => Promise<unknown>) => {
    for (let i = 0; i < 50; i++) await work(); // warm up
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await seconds(work))[1] * 1000);
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(52)} p50 ${percentile(times, 50).toFixed(2)} ms   p99 ${percentile(times, 99).toFixed(2)} ms`);
  };

  await measure("/usage (limit 100)", () => listUsage(db, { accountId: randomAccount(), limit: 100 }));
  await measure(`/usage?period=${previous}&event_type=solve`, () =>
    listUsage(db, { accountId: randomAccount(), limit: 100, period: previous, eventType: "solve" }));
  await measure("/usage (limit 1000)", () => listUsage(db, { accountId: randomAccount(), limit: 1000 }));
  await measure("/usage?limit=20, second page (cursor)", async () => {
    const accountId = randomAccount();
    const first = await listUsage(db, { accountId, limit: 20 });
    if (first.nextCursor) await listUsage(db, { accountId, limit: 20, cursor: first.nextCursor });
  });
  await measure("/rebates (accrued months, referrals)", () => listRebates(db, { accountId: randomAccount() }));

  const [preview, previewTime] = await seconds(() => settleMonth(db, { month: previous, preview: true }));
  console.log(`settlement preview ${previous}: ${previewTime.toFixed(2)} s (${preview.volumeRows} volume rows, ${preview.referralRows} referral rows)`);
  const [settled, settleTime] = await seconds(() => settleMonth(db, { month: previous }));
  console.log(`settlement ${previous}: ${settleTime.toFixed(2)} s (${settled.volumeRows} volume rows, ${settled.referralRows} referral rows, rebates ${settled.totalRebateUsd} USD)`);
  const [, rerunTime] = await seconds(() => settleMonth(db, { month: previous }));
  console.log(`settlement ${previous} again (no-op): ${(rerunTime * 1000).toFixed(1)} ms`);
  await measure("/rebates after settlement (paid + accrued)", () => listRebates(db, { accountId: randomAccount() }));
  await close();
}

await main();
