/**
 * The receiving side of Sluice's webhooks: `X-Sluice-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`. WebCrypto only, so it runs in browsers, Node ≥ 18, Bun, Deno and Workers.
 */

export const SIGNATURE_HEADER = "X-Sluice-Signature";

/** The event types Sluice sends. */
export type WebhookEventType =
  | "swap.executed" | "swap.failed" | "swap.confirmed" | "bridge.filled" | "bridge.expired" | "bridge.refunded" | "rebate.settled"
  | (string & {});

/**
 * A delivered event: a stable `id` (deliveries are at least once: deduplicate by it), its `type`, when it happened
 * (`created_at`, ISO 8601) and its `data` (the swap, deposit or settlement it is about).
 */
export type WebhookEvent = { id: string; type: WebhookEventType; created_at: string; data: Record<string, unknown>; [field: string]: unknown };

export type WebhookVerificationFailure = "missing_header" | "malformed_header" | "stale_timestamp" | "signature_mismatch" | "malformed_body";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(readonly reason: WebhookVerificationFailure, message: string) {
    super(message);
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** How far the signature's `t` may be from now, either way (default 300 seconds). */
  toleranceSeconds?: number;
  /** The current time in Unix seconds (default the clock). */
  now?: number;
};

/**
 * Verifies a delivery and returns its parsed event; throws {@link WebhookVerificationError} (with a `reason`) when the
 * header is missing or malformed, `t` is outside the tolerance, no `v1` signature matches, or the body is not a JSON
 * event. Pass the body exactly as received (the raw bytes or text, before any JSON parsing). Several `v1` values (the
 * old and the new secret during a rotation) verify if any one matches; each is checked in constant time.
 */
export async function verifyWebhook<T extends WebhookEvent = WebhookEvent>(
  secret: string, headers: WebhookHeaders, rawBody: string | Uint8Array | ArrayBuffer, options: VerifyWebhookOptions = {},
): Promise<T> {
  const header = readHeader(headers, SIGNATURE_HEADER);
  if (!header) throw new WebhookVerificationError("missing_header", `${SIGNATURE_HEADER} is missing`);
  const { timestamp, signatures } = parseSignatureHeader(header);

  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError("stale_timestamp", `the signature's timestamp ${timestamp} is more than ${tolerance} s from now (${now})`);
  }

  const encoder = new TextEncoder();
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix, 0);
  signed.set(body, prefix.length);
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));

  let matched = false;
  for (const candidate of signatures) matched = constantTimeEqual(expected, candidate) || matched;
  if (!matched) throw new WebhookVerificationError("signature_mismatch", "no v1 signature matches the body and the secret");

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError("malformed_body", "the body is not JSON");
  }
  if (!event || typeof event !== "object" || typeof (event as WebhookEvent).id !== "string" || typeof (event as WebhookEvent).type !== "string") {
    throw new WebhookVerificationError("malformed_body", "the body is not an event (an object with a string id and type)");
  }
  return event as T;
}

/** `t=<unix>,v1=<hex>[,v1=<hex>…]`: exactly one integer `t`, one or more 32-byte hex `v1`; other schemes are ignored. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: Uint8Array[] } {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new WebhookVerificationError("malformed_header", `${SIGNATURE_HEADER}: "${part.trim()}" is not key=value`);
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) {
        throw new WebhookVerificationError("malformed_header", `${SIGNATURE_HEADER}: needs exactly one t=<unix seconds>`);
      }
      timestamp = Number(value);
    } else if (name === "v1") {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new WebhookVerificationError("malformed_header", `${SIGNATURE_HEADER}: v1 must be 64 hex characters`);
      signatures.push(hexToBytes(value));
    }
  }
  if (timestamp === undefined) throw new WebhookVerificationError("malformed_header", `${SIGNATURE_HEADER}: t=<unix seconds> is missing`);
  if (signatures.length === 0) throw new WebhookVerificationError("malformed_header", `${SIGNATURE_HEADER}: no v1 signature`);
  return { timestamp, signatures };
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted && value !== undefined) return Array.isArray(value) ? value.join(",") : value;
  }
  return undefined;
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares two byte strings in time that depends only on their lengths. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
