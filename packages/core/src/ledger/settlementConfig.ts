import { z } from "zod";

/** Hours after a month's end before the reporting cron settles it, unless `SETTLEMENT_GRACE_HOURS` says otherwise. */
export const SETTLEMENT_GRACE_HOURS = 72;
/** The longest grace allowed: a month still settles within the one after it. */
export const SETTLEMENT_GRACE_HOURS_MAX = 720;

/**
 * The settings of the worker whose cron settles months (reporting), added to its schema. `SETTLEMENT_GRACE_HOURS`:
 * whole hours from 0 to 720, default 72. Settlement freezes a month as `paid`, after which none of its executed solves
 * can be marked as test; the grace is the operator's time to run the volume review (`pnpm admin volume-review`) on the
 * whole month, its last day included, and exclude what it finds before the payout (decisions §2.3a). 0 settles at
 * the month's end. The operator's explicit settlement (`pnpm admin settle`, `POST /admin/v1/settlements`) does not
 * wait for it.
 */
export const settlementConfigShape = {
  SETTLEMENT_GRACE_HOURS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return SETTLEMENT_GRACE_HOURS;
    const hours = /^\d+$/.test(v) ? Number(v) : NaN;
    if (!(hours <= SETTLEMENT_GRACE_HOURS_MAX)) {
      ctx.addIssue({ code: "custom", message: `must be whole hours from 0 to ${SETTLEMENT_GRACE_HOURS_MAX} (default ${SETTLEMENT_GRACE_HOURS}), got ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return hours;
  }),
};
