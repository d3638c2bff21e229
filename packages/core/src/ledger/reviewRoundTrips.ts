import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { qualifyingEvent } from "./computedLedgerRows.js";
import { monthStart } from "./months.js";

export type ReviewRoundTripsParameters = {
  /** `YYYY-MM`: the ledger month to review. */
  month: string;
  /** The most round-tripping (owner, pair) entries listed per account (default 5). */
  top?: number;
};

/** One owner's round trips through one token pair on one chain: the volume that went both ways. */
export type RoundTripPair = { chain: string; owner: string; tokenA: string; tokenB: string; roundTripUsd: string };

export type AccountRoundTrips = {
  accountId: string;
  slug: string;
  rebateBps: number;
  /** The month's qualifying volume (what volume rebates, and a referrer's, are paid on), unattributed included. */
  volumeUsd: string;
  /** Of it, volume that one owner swapped both ways through one pair: twice the smaller direction, summed. */
  roundTripUsd: string;
  /** roundTripUsd ÷ volumeUsd (unattributed volume included, so a month with some reads low), to 4 decimals. */
  roundTripShare: string;
  /** Qualifying volume of solves recorded before their owner and tokens were kept: not reviewable. */
  unattributedUsd: string;
  top: RoundTripPair[];
};

export type ReviewRoundTripsReturnType = { month: string; accounts: AccountRoundTrips[] };

/**
 * The operator's review of a month's rebate volume for wash trading (decisions §2.3a): per account with qualifying
 * volume, how much of it one owner swapped both ways through the same token pair, whichever chain and pool. A round
 * trip pays only pools' fees (1 bp a leg through a stablecoin pair's 0.01 % pool, nothing back on a pool whose
 * liquidity is the swapper's own), so at a rebate rate above that it earns more than it costs; a legitimate user
 * selling back what it bought within the month shows too, so this ranks accounts for a look, it decides nothing. It
 * sees one owner's round trips only: two owners taking turns, or a cycle through three tokens, do not show. A month is
 * settled at its end (the reporting cron), so review the month so far, before the payout is made.
 * Exact decimals throughout; accounts by round-trip volume, highest first.
 */
export async function reviewRoundTrips(db: Database, { month, top = 5 }: ReviewRoundTripsParameters): Promise<ReviewRoundTripsReturnType> {
  const period = monthStart(month, "month");
  const result = await db.execute<{
    account_id: string; slug: string; rebate_bps: number; volume_usd: string; round_trip_usd: string; round_trip_share: string;
    unattributed_usd: string; top: RoundTripPair[] | null;
  }>(sql`
    with events as (
      select e.account_id, e.chain, e.owner, e.token_in, e.token_out, e.volume_usd from usage_events e
      where ${qualifyingEvent} and e.ledger_period = ${period}::date
    ),
    pairs as (
      select account_id, chain, owner, least(token_in, token_out) as token_a, greatest(token_in, token_out) as token_b,
        2 * least(coalesce(sum(volume_usd) filter (where token_in < token_out), 0),
                  coalesce(sum(volume_usd) filter (where token_in > token_out), 0)) as round_trip_usd
      from events where owner is not null
      group by account_id, chain, owner, least(token_in, token_out), greatest(token_in, token_out)
    ),
    ranked as (
      select *, row_number() over (partition by account_id order by round_trip_usd desc, chain, owner, token_a, token_b) as rank
      from pairs where round_trip_usd > 0
    ),
    totals as (
      select account_id, sum(volume_usd) as volume_usd, coalesce(sum(volume_usd) filter (where owner is null), 0) as unattributed_usd
      from events group by account_id
    )
    select t.account_id, a.slug, a.rebate_bps, t.volume_usd::text, coalesce(p.round_trip_usd, 0)::text as round_trip_usd,
      case when t.volume_usd = 0 then '0.0000' else round(coalesce(p.round_trip_usd, 0) / t.volume_usd, 4)::text end as round_trip_share,
      t.unattributed_usd::text,
      (select json_agg(json_build_object('chain', r.chain, 'owner', r.owner, 'tokenA', r.token_a, 'tokenB', r.token_b,
          'roundTripUsd', r.round_trip_usd::text) order by r.rank)
        from ranked r where r.account_id = t.account_id and r.rank <= ${top}) as top
    from totals t join accounts a on a.id = t.account_id
    left join (select account_id, sum(round_trip_usd) as round_trip_usd from pairs group by account_id) p on p.account_id = t.account_id
    order by coalesce(p.round_trip_usd, 0) desc, t.account_id`);
  return {
    month,
    accounts: result.rows.map((r) => ({
      accountId: r.account_id, slug: r.slug, rebateBps: r.rebate_bps, volumeUsd: plain(r.volume_usd), roundTripUsd: plain(r.round_trip_usd),
      roundTripShare: r.round_trip_share, unattributedUsd: plain(r.unattributed_usd),
      top: (r.top ?? []).map((t) => ({ ...t, roundTripUsd: plain(t.roundTripUsd) })),
    })),
  };
}

/** A numeric's text without the trailing zeros of its scale (`30.500000000000000000` → `30.5`): the same exact value. */
function plain(decimal: string): string {
  return decimal.includes(".") ? decimal.replace(/0+$/, "").replace(/\.$/, "") : decimal;
}
