import { createUsageEventBatch, markUsageExecuted, recordUsage, toSluiceError, type UsageRecorderBinding } from "@sluice/core";

type Env = { USAGE: UsageRecorderBinding };

/**
 * This isolate's batch, as the swap worker keeps one for quote events; a long window, so the events of requests a test
 * sends at once share one batch also on a busy machine. Events it could not record are kept for GET /batch-failures.
 */
const failures: { ids: string[]; error: string }[] = [];
const batch = createUsageEventBatch({
  windowMs: 2_000,
  onFailure: (events, error) => failures.push({ ids: events.map((e) => e.id), error: String(error) }),
});

/**
 * POST /record `{events}`, POST /record-batched `{events}` (queued in the isolate's batch, answered at once) and
 * POST /mark-executed `{eventId, txHash}`, answered with the client's result; GET /batch-failures.
 */
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const path = new URL(request.url).pathname;
    try {
      if (path === "/batch-failures") return Response.json({ ok: true, failures });
      const body = (await request.json()) as Record<string, any>;
      if (path === "/record") return Response.json({ ok: true, ...(await recordUsage(env.USAGE, body.events)) });
      if (path === "/record-batched") {
        for (const event of body.events) batch.add({ usage: env.USAGE, event, background: (work) => ctx.waitUntil(work) });
        return Response.json({ ok: true, queued: body.events.length });
      }
      if (path === "/mark-executed") return Response.json({ ok: true, ...(await markUsageExecuted(env.USAGE, body.eventId, body.txHash)) });
      return Response.json({ ok: false, error: "no such path" }, { status: 404 });
    } catch (err) {
      const error = toSluiceError(err);
      return Response.json(error.toJSON(), { status: error.status });
    }
  },
} satisfies ExportedHandler<Env>;
