import { sql, type SQL } from "drizzle-orm";
import { getAddress, type Hash, type PublicClient } from "viem";
import { raceDeadline } from "../async/raceDeadline.js";
import { chainNames, chains, type ChainName } from "../chains/chains.js";
import type { Database } from "../db/createDb.js";
import { recordGaslessRevert } from "../gasBudget/recordGaslessRevert.js";
import { markGaslessOwnerProven } from "../gasBudget/markGaslessOwnerProven.js";
import { lockLedger } from "../ledger/ledgerLock.js";
import type { Redis } from "../redis/createRedis.js";
import { lookUpTransaction } from "../relayer/lookUpTransaction.js";
import { readRelayedReceipt } from "../relayer/readRelayedReceipt.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { swapWebhookEvent, usageEventColumns, type UsageEventColumns } from "../webhooks/webhookPayloads.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type FinalizePendingSolvesParameters = {
  db: Database;
  /**
   * Where the relayer repair records the transactions it sent in place of stuck ones (`recordRelayerReplacement`):
   * a gasless solve is settled by whichever of them the chain mined. Every finaliser of gasless solves gives it;
   * without it only the event's own hash is read (enough for a user-paid swap, `/confirm`).
   */
  redis?: Redis;
  /** A chain client for the event's chain, or undefined when the chain is not configured here (left pending). */
  clientFor: (chain: ChainName) => PublicClient | undefined;
  /**
   * Blocks (the transaction's own included) the chain needs on top before the outcome is final (`confirmationsLookup`);
   * default 1: as soon as it is mined. Until then the event stays pending, so a reorganisation can remove it first.
   */
  confirmationsFor?: (chain: ChainName) => number;
  /** Only this account's pending solves (a read of its usage), else every account's (the cron). */
  accountId?: string;
  /** Only these events (the solve that just sent them). */
  eventIds?: string[];
  /** At most this many events per call. */
  limit?: number;
  /**
   * A transaction with no receipt this long after it was sent, that the node no longer holds (nor any replacement the
   * repair sent for it), is taken as dropped: failed. By then its relayer nonce was repaired (replaced or plugged).
   * Counted from when the event took its transaction: a user-paid swap's `/confirm` (`executed_at`), which can come
   * long after the calldata was encoded (`created_at`), else a gasless solve's send.
   */
  droppedAfterMs?: number;
  /**
   * How long the chains may take to answer, in all (a read of an account's usage waits on this): an outcome not read by
   * then stays pending for the next run, and nothing is written for it. Default: no bound beyond the client's timeouts.
   */
  rpcDeadlineMs?: number;
};

export type FinalizePendingSolvesReturnType = { succeeded: number; failed: number; stillPending: number };

type Pending = { id: string; account_id: string; chain: ChainName; tx_hash: Hash; age_ms: number };

/**
 * Volume is what the chain shows: a gasless solve is recorded `pending` when its transaction is sent (a user-paid one
 * when `/confirm` has verified it), and only its receipt, once the chain's confirmation depth is on top of it, decides
 * — `succeeded` (it starts to earn rebates) or `failed` (a revert, or dropped or reorganised away and not mined again
 * within `droppedAfterMs`; never earns). A relayer transaction the repair replaced is settled by the receipt of
 * whichever transaction of its replacements was mined, and the event then holds that hash (what webhooks and reads
 * show is what the chain has). A gasless solve that reverted is counted against its owner's gasless budget
 * (`recordGaslessRevert`, with `redis`). Runs in
 * the swap worker's cron, after each send, and before an account's usage or rebates are read. An RPC that does not
 * answer leaves the event pending for the next run. Each update is conditional (`outcome = 'pending'`), so
 * concurrent finalisers agree; an event finalised after its month was settled counts toward the current month,
 * as a late event does.
 */
export async function finalizePendingSolves(params: FinalizePendingSolvesParameters): Promise<FinalizePendingSolvesReturnType> {
  const { db, clientFor, limit = 50, droppedAfterMs = 2 * 3600_000 } = params;
  const filters: SQL[] = [sql`outcome = 'pending'`];
  // Only chains served here: another chain's events stay pending, and being the oldest they would fill every page.
  const served = chainNames.filter((chain) => clientFor(chain));
  filters.push(sql`chain in ${served.length ? served : [""]}`);
  if (params.accountId) filters.push(sql`account_id = ${params.accountId}`);
  if (params.eventIds) filters.push(sql`id in ${params.eventIds.length ? params.eventIds : [""]}`);
  const pending = await db.execute<Pending>(sql`
    select id, account_id, chain, tx_hash, (extract(epoch from statement_timestamp() - coalesce(executed_at, created_at)) * 1000)::float8 as age_ms
    from usage_events where ${sql.join(filters, sql` and `)} order by created_at limit ${limit}`);

  const result = { succeeded: 0, failed: 0, stillPending: 0 };
  const heads = new Map<ChainName, Promise<bigint | undefined>>();
  const headOf = (chain: ChainName, client: PublicClient) => {
    let head = heads.get(chain);
    if (!head) heads.set(chain, (head = client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined)));
    return head;
  };
  const deadlineAt = params.rpcDeadlineMs === undefined ? undefined : Date.now() + params.rpcDeadlineMs;
  await Promise.all(pending.rows.map(async (event) => {
    const client = clientFor(event.chain);
    const depth = params.confirmationsFor?.(event.chain) ?? 1;
    const read = readOutcome(params.redis, client, event, droppedAfterMs, depth, client && (() => headOf(event.chain, client)));
    const outcome = await (deadlineAt === undefined ? read : raceDeadline({ work: read, ms: deadlineAt - Date.now() }));
    if (!outcome) { result.stillPending++; return; }
    const settled = await settle(db, event.id, outcome);
    if (!settled) return;
    result[outcome.outcome]++;
    // A gasless swap that reverted cost Sluice its gas: counted against the owner and the account (once per transaction: the solve's
    // own wait may have counted it when it was mined).
    // A gasless swap that succeeded (a linked relayer transaction of the swap, never a nonce plug: the same receipt
    // credits its volume) proves its owner a real user (`markGaslessOwnerProven`), also when the solve's own wait
    // (bounded, after the answer) did not see it mined.
    if (outcome.outcome === "succeeded" && !settled.userPaid && settled.owner && params.redis) {
      await markGaslessOwnerProven(params.redis, { chainId: chains[event.chain].id, owner: getAddress(settled.owner) })
        .catch((error: unknown) => logEvent("error", "gasless owner not marked proven", { eventId: event.id, error: errorText(error) }));
    }
    if (outcome.reverted && !settled.userPaid && params.redis && client) {
      await recordGaslessRevert({
        redis: params.redis, client, chainId: chains[event.chain].id, hash: outcome.minedHash ?? event.tx_hash, accountId: event.account_id,
      })
        .catch((error: unknown) => logEvent("error", "gasless revert not counted", { eventId: event.id, error: errorText(error) }));
    }
  }));
  return result;
}

type Outcome = {
  outcome: "succeeded" | "failed";
  /** The mined transaction, when it is a replacement the relayer repair sent for the event's. */
  minedHash?: Hash;
  /** Mined and reverted (gas was spent), as opposed to dropped. */
  reverted?: boolean;
};

async function readOutcome(
  redis: Redis | undefined, client: PublicClient | undefined, event: Pending, droppedAfterMs: number, depth: number,
  head: (() => Promise<bigint | undefined>) | undefined,
): Promise<Outcome | undefined> {
  if (!client || !head) return undefined;
  try {
    const { receipt, hashes } = await readRelayedReceipt({ redis, client, chainId: chains[event.chain].id, hash: event.tx_hash });
    if (receipt) {
      if (depth > 1) {
        const latest = await head();
        if (latest === undefined || latest - receipt.blockNumber + 1n < BigInt(depth)) return undefined; // not deep enough yet
      }
      const mined = receipt.transactionHash.toLowerCase() as Hash;
      return {
        outcome: receipt.status === "success" ? "succeeded" : "failed", reverted: receipt.status === "reverted",
        minedHash: mined === event.tx_hash.toLowerCase() ? undefined : mined,
      };
    }
    if (event.age_ms <= droppedAfterMs) return undefined;
    // Old, but the node still holds one of them (a replacement sent late, or one the fee cap keeps waiting): it may yet be mined.
    const lookups = await Promise.all(hashes.map((hash) => lookUpTransaction(client, hash)));
    // Unknown to the node, every one of them, for sure: dropped. A failed lookup leaves it for next time.
    return lookups.every((lookup) => lookup === "unknown") ? { outcome: "failed" } : undefined;
  } catch {
    return undefined; // the RPC or Redis did not answer: next time
  }
}

/**
 * Settles one event's outcome and, in the same transaction, writes its webhook event: `swap.executed` (a gasless
 * solve succeeded), `swap.confirmed` (a user-paid swap `/confirm` left pending is now deep enough) or `swap.failed`.
 */
async function settle(db: Database, eventId: string, { outcome, minedHash }: Outcome): Promise<{ userPaid: boolean; owner: string | null } | undefined> {
  // The mined replacement's hash, unless another event already holds it ((chain, tx_hash) is unique): then the
  // event keeps its own, and is still settled.
  const txHash = minedHash === undefined ? sql`e.tx_hash` : sql`case when exists (
      select 1 from usage_events o where o.chain = e.chain and o.tx_hash = ${minedHash} and o.id <> e.id) then e.tx_hash else ${minedHash} end`;
  return db.transaction(async (tx) => {
    await lockLedger(tx, "shared");
    const updated = await tx.execute<UsageEventColumns & { user_paid: boolean; owner: string | null }>(sql`
      update usage_events e set outcome = ${outcome}::swap_outcome, executed_at = statement_timestamp(), tx_hash = ${txHash},
        ledger_period = case when exists (select 1 from settlements s where s.status = 'completed' and s.period_start = e.ledger_period)
          then date_trunc('month', statement_timestamp() at time zone 'UTC')::date else e.ledger_period end
      where e.id = ${eventId} and e.outcome = 'pending'
      returning ${usageEventColumns}, e.owner, exists (select 1 from encoded_swaps s where s.usage_event_id = e.id) as user_paid`);
    const row = updated.rows[0];
    if (!row) return undefined;
    const type = outcome === "failed" ? "swap.failed" : row.user_paid ? "swap.confirmed" : "swap.executed";
    await emitWebhookEvents(tx, [swapWebhookEvent(type, row)]);
    return { userPaid: row.user_paid, owner: row.owner };
  });
}
