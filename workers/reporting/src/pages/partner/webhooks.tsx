import type { Context, Hono } from "hono";
import {
  addWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, parseCreateWebhookRequest, sendTestWebhook,
  SluiceError, toSluiceError, WEBHOOK_EVENT_TYPES, webhookSettings, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookScope,
} from "@sluice/core";
import { When } from "../components.js";
import { Csrf, Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage, seeOther, noticeFor } from "../render.js";
import { readForm, readFormList, requireSession } from "../session.js";
import { partnerWho } from "./partnerWho.js";

/** Deliveries shown per endpoint (the API's `GET /webhooks/{id}/deliveries` answers up to 100). */
export const DASHBOARD_DELIVERIES_PER_ENDPOINT = 10;

const notices: Record<string, string> = {
  deleted: "The endpoint is deleted: nothing more is sent to it.",
  tested: "A webhook.test event was sent; its delivery is listed under the endpoint.",
};

type Listed = { endpoint: WebhookEndpointRow; deliveries: WebhookDeliveryRow[] };
type Created = { id: string; url: string; secret: string };

function Deliveries({ endpoint, deliveries }: Listed) {
  if (deliveries.length === 0) return <p class="muted" data-testid="no-deliveries">No deliveries yet.</p>;
  return (
    <div class="table-wrap">
      <table class="deliveries" data-webhook-id={endpoint.id}>
        <caption>{`Recent deliveries to ${endpoint.url}, newest first; the latest attempt of each.`}</caption>
        <thead><tr>
          <th scope="col">Event type</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th>
          <th scope="col">Attempted</th><th scope="col" class="num">Status code</th><th scope="col" class="num">Latency</th>
          <th scope="col">Error</th>
        </tr></thead>
        <tbody>
          {deliveries.map((d) => {
            const last = d.attemptLog[d.attemptLog.length - 1];
            return (
              <tr data-delivery-id={d.id} data-event-id={d.eventId}>
                <td data-field="event-type"><code>{d.eventType}</code></td>
                <td data-field="status">{d.status}{d.status === "pending" && d.nextAttemptAt ? <> · next <When at={d.nextAttemptAt} /></> : null}</td>
                <td class="num" data-field="attempts">{d.attemptLog.length}</td>
                <td data-field="attempted">{last ? <When at={last.attemptedAt} /> : <span class="muted">not yet</span>}</td>
                <td class="num" data-field="status-code">{last?.statusCode ?? <span class="muted">none</span>}</td>
                <td class="num" data-field="latency">{last ? `${last.latencyMs} ms` : ""}</td>
                <td class="wrap" data-field="error">{last?.error ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Webhooks({ listed, csrf, created, notice, sandbox }: { listed: Listed[]; csrf: string; created?: Created; notice?: string; sandbox: boolean }) {
  return (
    <>
      {notice ? <p class="notice" role="status">{notice}</p> : null}
      {created ? (
        <div class="notice" role="status">
          <p><strong>Endpoint added</strong> for <code>{created.url}</code>. Its signing secret — copy it now, it is not shown again:</p>
          <p class="secret" data-testid="webhook-secret" data-webhook-id={created.id}>{created.secret}</p>
        </div>
      ) : null}
      <p class="muted">
        {sandbox ? "Sandbox endpoints: they receive the sandbox's events only. " : "Production endpoints. "}
        Events are POSTed as signed JSON (<code>X-Sluice-Signature</code>) and retried for 24 hours; an endpoint whose
        attempts all fail for 24 hours is disabled.
      </p>
      <div class="table-wrap">
        <table id="webhooks-table">
          <caption>Your webhook endpoints, newest first. Secrets are never shown again.</caption>
          <thead><tr>
            <th scope="col">URL</th><th scope="col">Events</th><th scope="col">Created</th><th scope="col">Status</th>
            <th scope="col"><span class="muted">Actions</span></th>
          </tr></thead>
          <tbody>
            {listed.map(({ endpoint: e }) => (
              <tr data-webhook-id={e.id}>
                <td class="wrap" data-field="url"><code>{e.url}</code></td>
                <td data-field="events">{e.events.join(", ")}</td>
                <td><When at={e.createdAt} /></td>
                <td data-field="status">
                  {e.status === "active" ? "enabled" : <>disabled <When at={e.disabledAt} />{e.disabledReason ? `: ${e.disabledReason}` : ""}</>}
                  {e.status === "active" && e.failingSince ? <> · failing since <When at={e.failingSince} /></> : null}
                </td>
                <td class="actions">
                  {e.status === "active" ? (
                    <form class="inline" method="post" action="/dashboard/webhooks/test">
                      <Csrf token={csrf} /><input type="hidden" name="webhookId" value={e.id} />
                      <button type="submit" class="secondary" aria-label={`Send a test event to ${e.url}`}>Send test event</button>
                    </form>
                  ) : null}{" "}
                  <form class="inline" method="post" action="/dashboard/webhooks/delete">
                    <Csrf token={csrf} /><input type="hidden" name="webhookId" value={e.id} />
                    <button type="submit" class="danger" aria-label={`Delete endpoint ${e.url}`}>Delete</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {listed.length === 0 ? <p class="muted" data-testid="no-webhooks">No endpoints yet.</p> : null}
      <h2>Add an endpoint</h2>
      <form class="stack" method="post" action="/dashboard/webhooks/create">
        <Csrf token={csrf} />
        <label class="wide" for="webhook-url">URL (https, public address)
          <input id="webhook-url" class="wide" name="url" type="url" maxlength={2048} placeholder="https://partner.example/hooks/sluice" />
        </label>
        <fieldset>
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label class="check" for={`event-${type}`}>
              <input type="checkbox" id={`event-${type}`} name="events" value={type} />{type}
            </label>
          ))}
        </fieldset>
        <button type="submit">Add endpoint</button>
      </form>
      <h2>Recent deliveries</h2>
      {listed.length === 0 ? <p class="muted">Deliveries show here once an endpoint exists.</p> : null}
      {listed.map((l) => (
        <section aria-label={`Deliveries to ${l.endpoint.url}`} data-deliveries-for={l.endpoint.id}>
          <h3><code>{l.endpoint.url}</code></h3>
          <Deliveries {...l} />
        </section>
      ))}
    </>
  );
}

/** The session's scope: its account and its key's environment (a sandbox session sees sandbox endpoints only), as the API's. */
const scopeOf = (c: Context<PagesEnv>): WebhookScope => {
  const session = c.get("partner");
  return { accountId: session.accountId, environment: session.environment };
};

async function webhooksPage(c: Context<PagesEnv>, extra: { created?: Created; notice?: string } = {}) {
  const session = c.get("partner");
  const { db } = c.get("services");
  const scope = scopeOf(c);
  const endpoints = await listWebhookEndpoints(db, scope.accountId, scope.environment);
  const listed = await Promise.all(endpoints.map(async (endpoint) => ({
    endpoint, deliveries: await listWebhookDeliveries(db, endpoint.id, DASHBOARD_DELIVERIES_PER_ENDPOINT),
  })));
  return renderPage(c, (
    <Layout title="Webhooks" area="partner" current="/dashboard/webhooks" csrf={session.csrf} who={await partnerWho(c)} sandbox={session.environment === "sandbox"}>
      <Webhooks listed={listed} csrf={session.csrf} sandbox={session.environment === "sandbox"} {...extra} />
    </Layout>
  ));
}

/** The form's `webhookId`, required. */
async function webhookIdOf(c: Context<PagesEnv>): Promise<string> {
  const id = (await readForm(c)).webhookId?.trim();
  if (!id) throw new SluiceError("MALFORMED_REQUEST", "webhookId: is required");
  if (id.length > 64) throw new SluiceError("MALFORMED_REQUEST", "webhookId: must be at most 64 characters");
  return id;
}

/** The core's NOT_FOUND (unknown, or another account's or environment's endpoint) names the form field. */
async function naming<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const error = toSluiceError(err);
    if (error.code === "NOT_FOUND") throw new SluiceError("NOT_FOUND", `webhookId: ${error.message}`);
    throw err;
  }
}

/**
 * `GET /dashboard/webhooks`; `POST /dashboard/webhooks/create` (fields `url`, `events` — one per checked type),
 * `/dashboard/webhooks/test` and `/dashboard/webhooks/delete` (field `webhookId`). The same core operations as
 * `/api/v1/webhooks…`, scoped to the session's account and environment.
 */
export function registerWebhooks(pages: Hono<PagesEnv>) {
  pages.get("/webhooks", requireSession("partner"), (c) => webhooksPage(c, { notice: noticeFor(notices, c.req.query("done")) }));
  pages.post("/webhooks/create", requireSession("partner"), async (c) => {
    const url = (await readForm(c)).url?.trim();
    const request = parseCreateWebhookRequest({ url: url || undefined, events: await readFormList(c, "events") });
    const created = await addWebhookEndpoint(c.get("services").db, webhookSettings(c.get("config")), scopeOf(c), request);
    return webhooksPage(c, { created: { id: created.id, url: created.url, secret: created.secret } });
  });
  pages.post("/webhooks/test", requireSession("partner"), async (c) => {
    const id = await webhookIdOf(c);
    await naming(() => sendTestWebhook(c.get("services").db, webhookSettings(c.get("config")), scopeOf(c), id));
    return seeOther(c, "/dashboard/webhooks?done=tested");
  });
  pages.post("/webhooks/delete", requireSession("partner"), async (c) => {
    const id = await webhookIdOf(c);
    const { accountId, environment } = scopeOf(c);
    await naming(() => deleteWebhookEndpoint(c.get("services").db, accountId, environment, id));
    return seeOther(c, "/dashboard/webhooks?done=deleted");
  });
}
