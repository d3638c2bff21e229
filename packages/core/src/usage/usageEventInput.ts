import { z } from "zod";
import { formatZodIssue } from "../errors/formatZodIssue.js";
import { SluiceError } from "../errors/SluiceError.js";

/** USD as an exact decimal string: at most 20 whole digits and 18 decimals (the column is numeric(38,18)). */
const decimalUsd = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, "must be a non-negative decimal string with at most 18 decimals");

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address").transform((a) => a.toLowerCase());

/** One usage event as a worker records it (through the reporting worker's `UsageRecorder`). */
export const UsageEventInputSchema = z.object({
  /** Idempotency id: recording the same id again records nothing more. */
  id: z.string().min(1).max(128),
  accountId: z.string().min(1),
  apiKeyId: z.string().min(1).nullable().optional(),
  eventType: z.enum(["route", "solve"]),
  chain: z.string().min(1).max(32),
  volumeUsd: decimalUsd,
  /** Encode-only or dry-run: not executed (yet). */
  isDryRun: z.boolean(),
  /** Recorded with a test key. */
  isTest: z.boolean(),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/).nullable().optional(),
  /** A solve's swap: the permit's owner and its tokens (the operator's volume review reads them). */
  swap: z.object({ owner: address, tokenIn: address, tokenOut: address }).strict().nullable().optional(),
  /**
   * What the chain says of the solve's transaction: a gasless solve is recorded `pending` when it is sent and
   * finalised from its receipt (`finalizePendingSolves`). Required for a solve that is not a dry run.
   */
  outcome: z.enum(["pending", "succeeded", "failed"]).nullable().optional(),
  /** When it happened; ISO 8601 with offset (or a Date). */
  occurredAt: z.union([z.date(), z.iso.datetime({ offset: true })]).transform((v) => new Date(v).toISOString()),
}).strict().superRefine((event, ctx) => {
  const executed = event.eventType === "solve" && !event.isDryRun;
  if (executed && !event.outcome) ctx.addIssue({ code: "custom", path: ["outcome"], message: "is required for a solve that is not a dry run" });
  if (executed && !event.txHash) ctx.addIssue({ code: "custom", path: ["txHash"], message: "is required for a solve that is not a dry run" });
  if (!executed && event.outcome) ctx.addIssue({ code: "custom", path: ["outcome"], message: "is only for a solve that is not a dry run" });
  if (event.eventType !== "solve" && event.swap) ctx.addIssue({ code: "custom", path: ["swap"], message: "is only for a solve" });
});

export type UsageEventInput = z.input<typeof UsageEventInputSchema>;
export type UsageEvent = z.output<typeof UsageEventInputSchema>;

/** Validates a batch of events; the first problem becomes MALFORMED_REQUEST naming the field. */
export function parseUsageEvents(events: unknown): UsageEvent[] {
  const parsed = z.array(UsageEventInputSchema).max(1000).safeParse(events);
  if (!parsed.success) throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { root: "events", input: events }));
  const ids = new Set<string>();
  return parsed.data.filter((event) => !ids.has(event.id) && ids.add(event.id));
}
