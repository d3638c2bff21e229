import pg from "pg";
import { createRedis, readRelayedReceipt, USAGE_BATCH_WINDOW_MS } from "@sluice/core";
import { createPublicClient, http, type Hex, type PublicClient } from "viem";
import type { SoakExpectations } from "./soakOperations.js";
import type { SoakSetup } from "./soakSetup.js";
import type { SoakTarget } from "./soakTypes.js";

export type SoakLedgerReport = {
  routeEvents: { expected: number; found: number };
  solveEvents: { expected: number; found: number };
  /** Swaps the generator knows happened that the ledger does not credit (or credits as not succeeded). */
  lost: string[];
  /** Transactions or events the ledger holds more often than the generator caused them. */
  doubled: string[];
  pendingLeft: number;
  /** Solve events by kind, found against expected: gasless (sent by a relayer) and encode-only (user-paid or not sent). */
  solveKinds: { gasless: [number, number]; encodeOnly: [number, number] };
  /** When solves stay pending: the last /usage answer's status and the database sessions waiting on a lock. */
  pendingDiagnosis?: { usageStatus: number | string; waiting: string[] };
};

/**
 * The ledger against what the load generator knows it did, once the outbox is drained and the gasless solves are
 * final: one `route` event per /route answered 200, one `solve` event per accepted solve, every gasless transaction
 * credited once as succeeded, every confirmed user-paid transaction credited once. Read straight from Postgres.
 */
export async function checkSoakLedger(
  target: SoakTarget, setup: SoakSetup, expected: SoakExpectations,
  /** Requests that got no answer: each may or may not have been served (and recorded). */
  unanswered: { routes: number; solves: number } = { routes: 0, solves: 0 },
): Promise<SoakLedgerReport> {
  // The last quotes' events wait in their isolate's batch for at most its window before they are recorded.
  await new Promise((resolve) => setTimeout(resolve, USAGE_BATCH_WINDOW_MS + 500));
  await fetch(new URL("/admin/v1/usage/outbox/drain", target.baseUrl), { method: "POST", headers: { authorization: `Bearer ${target.adminToken}` } });
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    let pendingLeft = 0;
    let usageStatus: number | string = "none";
    for (const until = Date.now() + 60_000; Date.now() < until;) {
      // A /usage read finalises the account's sent solves from their receipts.
      usageStatus = await fetch(new URL("/api/v1/usage?limit=1", target.baseUrl), { headers: { "X-Sluice-API-Key": setup.key }, signal: AbortSignal.timeout(10_000) })
        .then(async (r) => `${r.status} ${(await r.text()).slice(0, 120)}`).catch((e: unknown) => String(e));
      pendingLeft = (await db.query<{ n: number }>("select count(*)::int as n from usage_events where account_id = $1 and outcome = 'pending'", [setup.accountId])).rows[0]!.n;
      if (pendingLeft === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const counts = Object.fromEntries((await db.query<{ t: string; n: number }>(
      "select event_type::text as t, count(*)::int as n from usage_events where account_id = $1 group by event_type", [setup.accountId])).rows.map((r) => [r.t, r.n]));
    const txs = (await db.query<{ tx: string; n: number; outcome: string | null }>(
      "select lower(tx_hash) as tx, count(*)::int as n, min(outcome::text) as outcome from usage_events where account_id = $1 and tx_hash is not null group by lower(tx_hash)",
      [setup.accountId])).rows;
    // A gasless transaction the relayer repair replaced is settled by the replacement the chain mined, and its event
    // then holds that hash: each sent hash is followed to the one its event holds.
    const held = await heldHashes(target, expected.gasless);
    const gaslessFound = (await db.query<{ n: number }>(
      "select count(*)::int as n from usage_events where account_id = $1 and event_type = 'solve' and tx_hash = any($2)",
      [setup.accountId, [...held.values()]])).rows[0]!.n;
    const byTx = new Map(txs.map((r) => [r.tx, r]));
    const lost = [
      ...expected.gasless.filter((h) => byTx.get(held.get(h)!)?.outcome !== "succeeded").map((h) => `gasless ${h}`),
      ...expected.confirmed.filter((h) => !byTx.has(h.toLowerCase())).map((h) => `user-paid ${h}`),
    ];
    const doubled = txs.filter((r) => r.n > 1).map((r) => `${r.tx} ×${r.n}`);
    const routeEvents = { expected: expected.routes, found: counts.route ?? 0 };
    const solveEvents = { expected: expected.solves, found: counts.solve ?? 0 };
    if (routeEvents.found < routeEvents.expected) lost.push(`${routeEvents.expected - routeEvents.found} route events`);
    if (routeEvents.found > routeEvents.expected + unanswered.routes) doubled.push(`${routeEvents.found - routeEvents.expected - unanswered.routes} route events`);
    if (solveEvents.found < solveEvents.expected) lost.push(`${solveEvents.expected - solveEvents.found} solve events`);
    if (solveEvents.found > solveEvents.expected + unanswered.solves) doubled.push(`${solveEvents.found - solveEvents.expected - unanswered.solves} solve events`);
    const solveKinds = {
      gasless: [gaslessFound, expected.gasless.length] as [number, number],
      encodeOnly: [solveEvents.found - gaslessFound, expected.solves - expected.gasless.length] as [number, number],
    };
    const pendingDiagnosis = pendingLeft === 0 ? undefined : {
      usageStatus,
      waiting: (await db.query<{ q: string }>(
        "select state || ' ' || coalesce(wait_event_type, '') || ' ' || left(query, 80) as q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows.map((r) => r.q),
    };
    return { routeEvents, solveEvents, lost, doubled, pendingLeft, solveKinds, pendingDiagnosis };
  } finally {
    await db.end();
  }
}

/**
 * Each gasless hash the generator was answered → the hash its usage event holds: its own, or the replacement the
 * relayer repair sent for it that the chain mined (the base chain's links, `recordRelayerReplacement`).
 */
async function heldHashes(target: SoakTarget, sent: Hex[]): Promise<Map<Hex, string>> {
  const redis = createRedis({ url: target.redisRestUrl, token: target.redisRestToken });
  const client = createPublicClient({ transport: http(target.manifest.chains.base.rpcUrl) }) as PublicClient;
  const held = new Map<Hex, string>();
  for (const hash of sent) {
    const { receipt } = await readRelayedReceipt({ redis, client, chainId: 8453, hash }).catch(() => ({ receipt: undefined }));
    held.set(hash, (receipt?.transactionHash ?? hash).toLowerCase());
  }
  return held;
}

/**
 * Every relayer transaction mined: on each chain, each relayer's pending nonce equals its latest, and the node holds
 * none of its transactions queued behind a nonce gap (the pending count does not see those).
 */
export async function unminedRelayerNonces(target: SoakTarget): Promise<string[]> {
  const unmined: string[] = [];
  for (const [name, chain] of Object.entries(target.manifest.chains)) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const pool: { queued?: Record<string, object> } = await client.request({ method: "txpool_content" as never, params: [] as never })
      .then((content) => content as { queued?: Record<string, object> }, () => ({}));
    const queued = new Map(Object.entries(pool.queued ?? {}).map(([address, byNonce]) => [address.toLowerCase(), Object.keys(byNonce).length]));
    for (const relayer of chain.relayers) {
      const [latest, pending] = await Promise.all([
        client.getTransactionCount({ address: relayer, blockTag: "latest" }), client.getTransactionCount({ address: relayer, blockTag: "pending" }),
      ]);
      if (pending !== latest) unmined.push(`${name} ${relayer}: ${pending - latest} not mined`);
      const waiting = queued.get(relayer.toLowerCase()) ?? 0;
      if (waiting > 0) unmined.push(`${name} ${relayer}: ${waiting} queued behind a nonce gap`);
    }
  }
  return unmined;
}
