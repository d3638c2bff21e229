/** The name of the error a webhook `fetch` throws for an attempt its host abandoned (`webhookAttemptAbandoned`). */
export const WEBHOOK_ATTEMPT_ABANDONED = "WebhookAttemptAbandoned";

/**
 * The error a host's webhook `fetch` fails an in-flight attempt with when the host stops and lets its connections go
 * (the Node host, past its stop's grace). The attempt says nothing of the receiver: `deliverWebhooks` records nothing
 * for it, and its lease lapses, so the delivery is sent again; recorded, it would count against the endpoint (its
 * failing clock started, a delivery at the end of its retry window failed for good).
 */
export function webhookAttemptAbandoned(reason: string): Error {
  return Object.assign(new Error(`attempt abandoned: ${reason}`), { name: WEBHOOK_ATTEMPT_ABANDONED });
}
