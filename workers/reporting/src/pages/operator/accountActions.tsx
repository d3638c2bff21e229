import type { Hono } from "hono";
import { findAccount, formatZodIssue, issueApiKey, IssueKeyBody, longQueries, markEventsAsTest, revokeApiKey, SluiceError } from "@sluice/core";
import type { z } from "zod";
import { MarkTestBody } from "../../admin/schemas.js";
import type { FormFields, PagesEnv } from "../pagesEnv.js";
import { seeOther } from "../render.js";
import { readForm, requireSession } from "../session.js";
import { renderAccountPage } from "./account.js";

/** A form checked by the admin API's own schema, so the pages refuse what the API refuses, naming the field. */
function parseWith<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { input }));
  return parsed.data;
}

const given = (form: FormFields, name: string) => (form[name]?.trim() ? form[name]!.trim() : undefined);

/** A `datetime-local` value is read as UTC (the form says so); a full ISO 8601 time is taken as is. */
function utcTime(value: string | undefined): string | undefined {
  if (value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return `${value.length === 16 ? `${value}:00` : value}Z`;
  return value;
}

/**
 * `POST /admin/accounts/:account/keys` (issue), `POST /admin/keys/:keyId/revoke`, `POST /admin/accounts/:account/mark-test`:
 * the same core operations as the admin API and `pnpm admin`.
 */
export function registerOperatorAccountActions(pages: Hono<PagesEnv>) {
  pages.post("/accounts/:account/keys", requireSession("operator"), async (c) => {
    const form = await readForm(c);
    const rate = given(form, "rateLimitPerMinute");
    const body = parseWith(IssueKeyBody, {
      environment: given(form, "environment"), name: given(form, "name"), isTest: form.isTest === "true" ? true : undefined,
      rateLimitPerMinute: rate === undefined ? undefined : /^\d+$/.test(rate) ? Number(rate) : rate,
    });
    const { key, apiKey } = await issueApiKey(c.get("services").db, { account: c.req.param("account"), ...body });
    return renderAccountPage(c, apiKey.accountId, { issued: { key, environment: apiKey.environment } });
  });

  pages.post("/keys/:keyId/revoke", requireSession("operator"), async (c) => {
    const { db, redis } = c.get("services");
    const revoked = await revokeApiKey(db, redis, c.req.param("keyId"));
    const account = await findAccount(db, revoked.accountId);
    return seeOther(c, `/admin/accounts/${encodeURIComponent(account.slug)}?done=revoked`);
  });

  // A range of an account's events under the ledger lock: a cron's query bound, as the admin API's mark-test (before the session opens the database).
  pages.post("/accounts/:account/mark-test", longQueries(), requireSession("operator"), async (c) => {
    const form = await readForm(c);
    const eventIds = given(form, "eventIds")?.split(/[\s,]+/).filter(Boolean);
    const body = parseWith(MarkTestBody, {
      eventIds, from: utcTime(given(form, "from")), to: utcTime(given(form, "to")), isTest: form.unmark === "true" ? false : undefined,
    });
    const { db } = c.get("services");
    const account = await findAccount(db, c.req.param("account"));
    const result = await markEventsAsTest(db, {
      account: account.id, eventIds: body.eventIds,
      from: body.from ? new Date(body.from) : undefined, to: body.to ? new Date(body.to) : undefined, isTest: body.isTest,
    });
    return seeOther(c, `/admin/accounts/${encodeURIComponent(account.slug)}?marked=${result.updated}`);
  });
}
