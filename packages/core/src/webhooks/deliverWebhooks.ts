import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import { logEvent } from "../observability/logEvent.js";
import { checkWebhookUrl, type WebhookUrlPolicy } from "./webhookUrl.js";
import { decryptWebhookSecret, signWebhookBody } from "./webhookSecrets.js";
import { WEBHOOK_ATTEMPT_ABANDONED } from "./webhookAttemptAbandoned.js";
import { errorText } from "../observability/errorText.js";

export const WEBHOOK_SIGNATURE_HEADER = "X-Sluice-Signature";
export const WEBHOOK_EVENT_ID_HEADER = "X-Sluice-Event-Id";

export type WebhookDeliverySettings = {
  /** `WEBHOOK_SIGNING_KEY`: decrypts the endpoints' signing secrets. */
  signingKey: string;
  policy: WebhookUrlPolicy;
  /** First retry after this many seconds, doubling each attempt up to an hour (default 30). */
  retryBaseSeconds?: number;
  /** Deliveries are retried this long after the event, and an endpoint failing this long is disabled (default 24 h). */
  retryWindowSeconds?: number;
  /** One attempt's time limit, connection to response headers and the capped body read (default 10 s). */
  timeoutMs?: number;
  /**
   * How attempts are sent (default the global `fetch`). The Node host gives one that connects to public addresses
   * only (`WEBHOOK_FETCH`): the check below resolves the name once, and the connection must not go elsewhere.
   */
  fetch?: typeof fetch;
};

export type DeliverWebhooksParameters = WebhookDeliverySettings & {
  db: Database;
  /** At most this many deliveries per run (default 50). */
  limit?: number;
  /** Only these deliveries (the test endpoint's), due or not. */
  deliveryIds?: string[];
  /** Only deliveries not attempted yet (an inline pass: the events just written, never another endpoint's retries). */
  firstAttemptsOnly?: boolean;
};

/**
 * What a run did with the deliveries it claimed (`attempted`): sent and accepted, to be retried, given up, endpoints
 * disabled, and `deferred`: not sent because Sluice itself failed before the request (its resolver, its signing key),
 * put back uncounted.
 */
export type DeliverWebhooksResult = { attempted: number; delivered: number; retrying: number; failed: number; disabled: number; deferred: number };

type Claimed = {
  id: string; lease_token: string; attempts: number; event_id: string; event_type: string; body: string;
  event_created_at: string; endpoint_id: string; url: string; secret_ciphertext: string; environment: "production" | "sandbox";
  /** 1 for its account's longest-due delivery in the claim (of its endpoints' longest-due ones), 2 for the next… */
  turn: number;
};

/** The most of a receiver's answer ever read (the status code is what counts). */
export const WEBHOOK_MAX_RESPONSE_BYTES = 4096;
/**
 * Attempts in flight at once. A Worker invocation may have six connections open at once; a seventh waits in a queue
 * while its timers already run. An attempt holds at most two at once (its address check's A and AAAA lookups, then its
 * request), and the run holds its database connection: two attempts never queue, so an attempt's time limit is the
 * receiver's time, never another receiver's hang.
 */
export const DELIVERY_CONCURRENCY = 2;
/**
 * One attempt at its longest: the address check (its DNS lookups, 3 s), the request (`timeoutMs`) and its recording.
 * A lookup that fails without a DNS status is followed by a control lookup (3 s more) but then by no request.
 */
export const attemptSeconds = (timeoutMs: number) => 3 + Math.ceil(timeoutMs / 1000) + 5;
/**
 * How long a claim holds its deliveries: until the last of them can have been attempted — the run's `DELIVERY_CONCURRENCY`
 * senders each work through their share one after another, so one attempt's time per round of the deliveries
 * claimed — and a margin, so nobody else sends one meanwhile. Each attempt's time already holds its own margins (the
 * DNS and recording allowances), so the lease's is small: a dead deliverer's deliveries are sent again soon after
 * (30 s for a single round at the default timeout).
 */
export const LEASE_MARGIN_SECONDS = 12;
/**
 * Failures further apart than this are not one outage: a failing endpoint with deliveries pending is tried at least
 * hourly (the longest backoff), so a longer silence means nothing was failing in between, and the endpoint's failing
 * clock starts again at its next failure instead of disabling it on a single error after a quiet month.
 */
const FAILURE_GAP_SECONDS = 2 * 3600;
const leaseSql = (timeoutMs: number) =>
  sql`make_interval(secs => ${attemptSeconds(timeoutMs)} * ceil((select count(*) from due)::numeric / ${DELIVERY_CONCURRENCY})::int + ${LEASE_MARGIN_SECONDS})`;

/**
 * Sends due webhook deliveries once each (the reporting cron every minute, and right after an event is written),
 * production endpoints' before the sandbox's: the sandbox's dry runs cost nothing to repeat, and their retries must
 * never hold up production's deliveries in the shared outbox. Accounts take turns, and within an account its
 * endpoints: a claim takes every account's longest-due delivery (of its endpoints' longest-due ones) before any
 * account's second (then its third…), so one partner's backlog, an endpoint that answers slowly, or a partner with many
 * endpoints that hang, never fills a run ahead of the others' deliveries.
 * Claims rows with `FOR UPDATE SKIP LOCKED` and a lease, so concurrent deliverers never send one delivery twice; a
 * deliverer that dies mid-attempt leaves its lease to expire and the delivery is sent again (at least once; receivers
 * deduplicate by `X-Sluice-Event-Id`). A failed attempt is retried with exponential backoff until the retry window
 * has passed since the event; an endpoint whose attempts have all failed for the window is disabled, with the
 * reason kept for its owner: failures count from the first of an unbroken run of them (none more than
 * `FAILURE_GAP_SECONDS` apart). A failure of Sluice's own before the request (its resolver does not answer, not even
 * for a name that always resolves; its signing key does not open the secret; the host's own DNS failing or not
 * answering is the receiver's) is not the receiver's: the
 * delivery is put back for later, uncounted, the endpoint untouched, and the operator told (`webhook delivery
 * deferred`); after 7 days it fails. A delivery first attempted after its retry window (a long outage of Sluice's
 * own) is given up at its first failure.
 */
export async function deliverWebhooks(params: DeliverWebhooksParameters): Promise<DeliverWebhooksResult> {
  const { db, limit = 50 } = params;
  const only = params.deliveryIds;
  const unleased = sql`d.status = 'pending' and (d.lease_until is null or d.lease_until < now())`;
  // Each due endpoint's deliveries, longest due first, numbered per endpoint (its turns); for `only`, those deliveries.
  const candidates = only
    ? sql`
      select d.id, d.next_attempt_at, ep.environment = 'sandbox' as sandbox, ep.account_id,
        row_number() over (partition by d.endpoint_id order by d.next_attempt_at) as endpoint_turn
      from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id and ep.status = 'active'
      where d.id in ${only.length ? only : [""]} and ${unleased}`
    : sql`
      select x.id, x.next_attempt_at, ep.environment = 'sandbox' as sandbox, ep.account_id,
        row_number() over (partition by ep.id order by x.next_attempt_at) as endpoint_turn
      from webhook_endpoints ep
      cross join lateral (
        select d.id, d.next_attempt_at from webhook_deliveries d
        where d.endpoint_id = ep.id and ${unleased} and d.next_attempt_at <= now()${params.firstAttemptsOnly ? sql` and d.attempts = 0` : sql``}
        order by d.next_attempt_at
        limit ${limit}
      ) x
      where ep.status = 'active'`;
  const claimed = await db.execute<Claimed>(sql`
    with candidates as (${candidates}),
    -- Accounts take turns, and within an account its endpoints: an account's n-th delivery of the claim is its
    -- endpoints' n-th in their turn order. So a partner with twenty endpoints (the most an account may have) holds
    -- one of the claim's first places, as a partner with one does.
    turns as (
      select c.*, row_number() over (partition by c.account_id, c.sandbox order by c.endpoint_turn, c.next_attempt_at) as turn from candidates c
    ),
    -- The claim's order, kept to a few more than it takes (a top-N sort): rows locked by another deliverer meanwhile
    -- are skipped below.
    picked as (
      select * from turns order by sandbox, turn, next_attempt_at limit ${limit * 2}
    ), due as (
      select d.id, c.turn from webhook_deliveries d join picked c on c.id = d.id
      where ${unleased}
      order by c.sandbox, c.turn, c.next_attempt_at
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set lease_token = replace(gen_random_uuid()::text, '-', ''), lease_until = now() + ${leaseSql(params.timeoutMs ?? 10_000)},
      attempts = d.attempts + 1
    from due, webhook_events ev, webhook_endpoints ep
    where d.id = due.id and ev.id = d.event_id and ep.id = d.endpoint_id
    returning d.id, d.lease_token, d.attempts, d.event_id, ev.type as event_type, ev.body, ev.created_at::text as event_created_at,
      d.endpoint_id, ep.url, ep.secret_ciphertext, ep.environment::text as environment, due.turn::int as turn`);

  const result: DeliverWebhooksResult = { attempted: 0, delivered: 0, retrying: 0, failed: 0, disabled: 0, deferred: 0 };
  // Production's first: a backlog of the sandbox's (free to make, by replaying a dry run) never delays them. Then by
  // turn: every account's first delivery goes out before any account's second, so a slow one holds up only its own.
  const queue = [...claimed.rows].sort((a, b) =>
    Number(a.environment === "sandbox") - Number(b.environment === "sandbox") || a.turn - b.turn);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await attempt(params, next, result);
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, worker));
  return result;
}

async function attempt(params: DeliverWebhooksParameters, delivery: Claimed, result: DeliverWebhooksResult): Promise<void> {
  const timeoutMs = params.timeoutMs ?? 10_000;
  const fetcher = params.fetch ?? fetch;
  result.attempted++;
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  const prepared = await prepare(params, delivery);
  if ("ours" in prepared) {
    logEvent("error", "webhook delivery deferred", { delivery: delivery.id, endpoint: delivery.endpoint_id, error: prepared.ours });
    const putBack = await deferDelivery(params, delivery).catch(() => false); // not put back: its lease lapses and it comes back (this claim stays counted)
    if (putBack) result.deferred++;
    else result.retrying++;
    return;
  }
  try {
    if ("refused" in prepared) throw new Error(prepared.refused);
    const { url, signature } = prepared;
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetcher(url, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Sluice-Webhooks/1",
        [WEBHOOK_SIGNATURE_HEADER]: signature,
        [WEBHOOK_EVENT_ID_HEADER]: delivery.event_id,
        "X-Sluice-Event-Type": delivery.event_type,
      },
      body: delivery.body,
    });
    statusCode = response.status;
    await readCapped(response, WEBHOOK_MAX_RESPONSE_BYTES).catch(() => {});
    if (statusCode < 200 || statusCode > 299) {
      error = statusCode >= 300 && statusCode < 400 ? `redirect (${statusCode}) not followed` : `HTTP ${statusCode}`;
    }
  } catch (caught) {
    const e = caught as Error;
    if (e.name === WEBHOOK_ATTEMPT_ABANDONED) {
      // The host let the connection go (stopping): nothing is known of the receiver, nothing is recorded, and the
      // lease lapses, so the delivery is sent again.
      logEvent("warn", "webhook attempt abandoned", { delivery: delivery.id, endpoint: delivery.endpoint_id });
      result.retrying++;
      return;
    }
    error = e.name === "TimeoutError" || e.name === "AbortError" ? `timed out after ${timeoutMs} ms` : (e.message || String(e)).slice(0, 300);
  }
  const latencyMs = Date.now() - started;
  // Postgres lost after the attempt: the lease lapses and the delivery is sent again (at least once); the other
  // claimed deliveries of this run still go out.
  const outcome = await record(params, delivery, { statusCode, error, latencyMs }).catch((recordError: unknown) => {
    logEvent("error", "webhook attempt not recorded; it will be sent again", { delivery: delivery.id, error: errorText(recordError) });
    return { status: "pending" as const, disabled: false };
  });
  result[outcome.status === "delivered" ? "delivered" : outcome.status === "failed" ? "failed" : "retrying"]++;
  if (outcome.disabled) result.disabled++;
}

type Prepared = { url: string; signature: string } | { refused: string } | { ours: string };

/**
 * What must be done before an attempt: the URL's rules checked again (addresses can change after the endpoint was
 * created), the secret decrypted, the body signed. A URL the rules now refuse is the receiver's failure (`refused`),
 * and so is a host name whose own DNS does not answer while the resolver answers others (`checkWebhookUrl`'s control
 * lookup); a resolver that does not answer at all, or a secret that does not decrypt, is Sluice's (`ours`).
 */
async function prepare(params: DeliverWebhooksParameters, delivery: Claimed): Promise<Prepared> {
  let url: string;
  try {
    url = await checkWebhookUrl(delivery.url, params.policy);
  } catch (error) {
    const message = (error as Error).message || String(error);
    return error instanceof SluiceError && error.code === "MALFORMED_REQUEST" ? { refused: message } : { ours: message.slice(0, 300) };
  }
  try {
    const secret = await decryptWebhookSecret(params.signingKey, delivery.endpoint_id, delivery.secret_ciphertext);
    return { url, signature: await signWebhookBody(secret, delivery.body, Math.floor(Date.now() / 1000)) };
  } catch (error) {
    return { ours: `the endpoint's signing secret could not be used (${(error as Error).name || "error"}: is WEBHOOK_SIGNING_KEY the key it was stored with?)` };
  }
}

/**
 * Puts back a delivery Sluice could not attempt: its claim's count undone, due again after a tenth of its event's age
 * (at least `retryBaseSeconds`, at most an hour: a long outage of Sluice's own is not hammered), no attempt logged,
 * the endpoint untouched. One Sluice could not attempt for `DEFERRED_FOR_AT_MOST_SECONDS` fails, still without
 * blaming the endpoint. False when the lease was no longer this run's.
 */
async function deferDelivery(params: DeliverWebhooksParameters, delivery: Claimed): Promise<boolean> {
  const ageSeconds = Math.max(0, (Date.now() - new Date(delivery.event_created_at).getTime()) / 1000);
  const delay = Math.min(Math.max(params.retryBaseSeconds ?? 30, ageSeconds / 10), 3600) * (0.9 + Math.random() * 0.2);
  const updated = await params.db.execute(sql`
    update webhook_deliveries set attempts = attempts - 1, lease_token = null, lease_until = null,
      next_attempt_at = now() + make_interval(secs => ${delay}),
      status = case when ${delivery.event_created_at}::timestamptz < now() - make_interval(secs => ${DEFERRED_FOR_AT_MOST_SECONDS})
        then 'failed' else status end::webhook_delivery_status,
      completed_at = case when ${delivery.event_created_at}::timestamptz < now() - make_interval(secs => ${DEFERRED_FOR_AT_MOST_SECONDS})
        then now() else completed_at end,
      last_error = case when ${delivery.event_created_at}::timestamptz < now() - make_interval(secs => ${DEFERRED_FOR_AT_MOST_SECONDS})
        then 'not sent: Sluice could not prepare it for 7 days' else last_error end
    where id = ${delivery.id} and lease_token = ${delivery.lease_token}
    returning id`);
  return updated.rows.length > 0;
}

/** How long a delivery Sluice itself cannot prepare (its resolver, its signing key) waits before it fails. */
const DEFERRED_FOR_AT_MOST_SECONDS = 7 * 86_400;

/** Reads at most `cap` bytes of the body, then lets the rest go. */
async function readCapped(response: Response, cap: number): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let read = 0;
  try {
    while (read < cap) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

type Outcome = { status: "delivered" | "pending" | "failed"; disabled: boolean };

/**
 * Records the attempt and what follows from it, in one transaction, only while this deliverer still holds the
 * lease (a lease that expired and was taken over is the other deliverer's to record).
 */
async function record(
  params: DeliverWebhooksParameters, delivery: Claimed, attempt: { statusCode: number | null; error: string | null; latencyMs: number },
): Promise<Outcome> {
  const base = params.retryBaseSeconds ?? 30;
  const window = params.retryWindowSeconds ?? 86_400;
  const ok = attempt.error === null;
  // 30 s, 1 min, 2 min … capped at an hour, with ±10 % jitter so a recovering receiver is not hit all at once.
  const delay = Math.min(base * 2 ** Math.min(delivery.attempts - 1, 20), 3600) * (0.9 + Math.random() * 0.2);
  return params.db.transaction(async (tx) => {
    const updated = await tx.execute<{ status: Outcome["status"] }>(sql`
      update webhook_deliveries d set
        status = case when ${ok} then 'delivered'
          -- Failed meanwhile by another attempt that disabled the endpoint: it stays failed (never sent again).
          when d.status = 'failed' then 'failed'
          when now() + make_interval(secs => ${delay}) > ${delivery.event_created_at}::timestamptz + make_interval(secs => ${window}) then 'failed'
          else 'pending' end::webhook_delivery_status,
        next_attempt_at = now() + make_interval(secs => ${delay}),
        lease_token = null, lease_until = null,
        last_status_code = ${attempt.statusCode},
        last_error = case when not ${ok} and d.status = 'failed' then d.last_error else ${attempt.error} end,
        completed_at = case when ${ok} then now() when d.status = 'failed' then d.completed_at else null end
      where d.id = ${delivery.id} and d.lease_token = ${delivery.lease_token}
      returning d.status::text as status`);
    const status = updated.rows[0]?.status;
    if (!status) return { status: "pending", disabled: false };
    const attemptId = newId("wha");
    await tx.execute(sql`
      insert into webhook_attempts (id, delivery_id, attempt, status_code, latency_ms, error)
      values (${attemptId}, ${delivery.id}, ${delivery.attempts}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.error})`);
    if (status === "failed") {
      await tx.execute(sql`update webhook_deliveries set completed_at = now() where id = ${delivery.id} and completed_at is null`);
    }
    if (ok) {
      await tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${delivery.endpoint_id} and failing_since is not null`);
      return { status, disabled: false };
    }
    const reason = `Every delivery attempt failed for ${Math.round(window / 3600 * 10) / 10} hours; the last: ${attempt.error}`;
    // The endpoint has been failing since the first failure of an unbroken run: its clock goes on when another
    // attempt failed within the gap (a success would have stopped it), else it starts now. Every attempt of the gap
    // belongs to a delivery made within the window and the gap (a deferred one beyond it only starts the clock again).
    // Only whether another attempt failed recently comes from the statement's snapshot; `failing_since` is read from
    // the row the update writes (re-read after a concurrent success that cleared it, so that success is not undone).
    const since = sql`(case when ep.failing_since is not null and recent.failed then ep.failing_since else now() end)`;
    const disabled = await tx.execute(sql`
      with recent as (
        select exists (
          select 1 from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id
          where d.endpoint_id = ${delivery.endpoint_id} and d.created_at > now() - make_interval(secs => ${window + FAILURE_GAP_SECONDS})
            and a.attempted_at > now() - make_interval(secs => ${FAILURE_GAP_SECONDS}) and a.id <> ${attemptId}
        ) as failed
      )
      update webhook_endpoints ep set failing_since = ${since},
        status = case when ${since} <= now() - make_interval(secs => ${window}) then 'disabled' else ep.status end,
        disabled_at = case when ${since} <= now() - make_interval(secs => ${window}) then now() else ep.disabled_at end,
        disabled_reason = case when ${since} <= now() - make_interval(secs => ${window}) then ${reason} else ep.disabled_reason end
      from recent
      where ep.id = ${delivery.endpoint_id} and ep.status = 'active'
      returning ep.status::text as status`);
    const isDisabled = disabled.rows[0]?.status === "disabled";
    if (isDisabled) {
      // Nothing more is sent to a disabled endpoint: what it still had pending fails, with the reason.
      await tx.execute(sql`
        update webhook_deliveries set status = 'failed', completed_at = now(), last_error = 'endpoint disabled'
        where endpoint_id = ${delivery.endpoint_id} and status = 'pending'`);
    }
    return { status, disabled: isDisabled };
  });
}
