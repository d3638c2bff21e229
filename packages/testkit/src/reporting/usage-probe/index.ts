import { markUsageExecuted, recordUsage, toSluiceError, type UsageRecorderBinding } from "@sluice/core";

type Env = { USAGE: UsageRecorderBinding };

/** POST /record `{events}` and POST /mark-executed `{eventId, txHash}`, answered with the client's result. */
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const path = new URL(request.url).pathname;
    try {
      const body = (await request.json()) as Record<string, any>;
      if (path === "/record") return Response.json({ ok: true, ...(await recordUsage(env.USAGE, body.events)) });
      if (path === "/mark-executed") return Response.json({ ok: true, ...(await markUsageExecuted(env.USAGE, body.eventId, body.txHash)) });
      return Response.json({ ok: false, error: "no such path" }, { status: 404 });
    } catch (err) {
      const error = toSluiceError(err);
      return Response.json(error.toJSON(), { status: error.status });
    }
  },
} satisfies ExportedHandler<Env>;
