/**
 * verifyWebhook against signatures made independently here with Node's own HMAC (not the SDK's WebCrypto path):
 * valid deliveries pass, and every way a delivery can be wrong is refused with its reason.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationFailure } from "./webhooks.js";

const secret = "whsec_3f9a1c0e5b7d4a2f8e6c1b9d0a7f3e5c";
const now = 1_795_000_000;
const event = { id: "evt_01", type: "swap.executed", created_at: "2026-11-24T12:00:00.000Z", data: { txHash: `0x${"ab".repeat(32)}` } };
const body = JSON.stringify(event);

const sign = (t: number, raw: string, key = secret) => createHmac("sha256", key).update(`${t}.${raw}`).digest("hex");
const header = (t: number, ...v1: string[]) => ({ "x-sluice-signature": [`t=${t}`, ...v1.map((s) => `v1=${s}`)].join(",") });

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe("verifyWebhook", () => {
  it("accepts a valid delivery and returns the event, from a plain header object, Headers, bytes and a string", async () => {
    const t = now - 10;
    expect(await verifyWebhook(secret, header(t, sign(t, body)), body, { now })).toEqual(event);
    const headers = new Headers({ "X-Sluice-Signature": `t=${t},v1=${sign(t, body)}` });
    expect(await verifyWebhook(secret, headers, new TextEncoder().encode(body), { now })).toEqual(event);
    expect(await verifyWebhook(secret, { "X-SLUICE-SIGNATURE": [`t=${t}`, `v1=${sign(t, body)}`] }, new TextEncoder().encode(body).buffer as ArrayBuffer, { now }))
      .toEqual(event);
  });

  it("checks the raw bytes: a body with non-ASCII text verifies, the same JSON re-serialised does not", async () => {
    const raw = JSON.stringify({ ...event, note: "Überweisung → 5 €" }, null, 1);
    const t = now;
    expect((await verifyWebhook(secret, header(t, sign(t, raw)), raw, { now })).id).toBe("evt_01");
    expect(await refusal(verifyWebhook(secret, header(t, sign(t, raw)), JSON.stringify(JSON.parse(raw)), { now }))).toBe("signature_mismatch");
  });

  it("refuses a tampered body", async () => {
    const t = now;
    const tampered = body.replace("swap.executed", "swap.failed");
    expect(await refusal(verifyWebhook(secret, header(t, sign(t, body)), tampered, { now }))).toBe("signature_mismatch");
  });

  it("refuses a signature made with another secret", async () => {
    const t = now;
    expect(await refusal(verifyWebhook(secret, header(t, sign(t, body, "whsec_other")), body, { now }))).toBe("signature_mismatch");
  });

  it("refuses a timestamp that was re-written (the signature binds t)", async () => {
    expect(await refusal(verifyWebhook(secret, header(now, sign(now - 1, body)), body, { now }))).toBe("signature_mismatch");
  });

  it("refuses a stale or future timestamp beyond the tolerance, and honours toleranceSeconds", async () => {
    const old = now - 301;
    expect(await refusal(verifyWebhook(secret, header(old, sign(old, body)), body, { now }))).toBe("stale_timestamp");
    const future = now + 301;
    expect(await refusal(verifyWebhook(secret, header(future, sign(future, body)), body, { now }))).toBe("stale_timestamp");
    expect((await verifyWebhook(secret, header(old, sign(old, body)), body, { now, toleranceSeconds: 600 })).id).toBe("evt_01");
    const edge = now - 300;
    expect((await verifyWebhook(secret, header(edge, sign(edge, body)), body, { now })).id).toBe("evt_01");
    expect(await refusal(verifyWebhook(secret, header(now - 11, sign(now - 11, body)), body, { now, toleranceSeconds: 10 }))).toBe("stale_timestamp");
  });

  it("uses the clock when no time is given", async () => {
    const t = Math.floor(Date.now() / 1000);
    expect((await verifyWebhook(secret, header(t, sign(t, body)), body)).id).toBe("evt_01");
    expect(await refusal(verifyWebhook(secret, header(t - 3600, sign(t - 3600, body)), body))).toBe("stale_timestamp");
  });

  it("accepts when any of several v1 values matches (secret rotation) and refuses when none does", async () => {
    const t = now;
    const good = sign(t, body);
    const other = sign(t, body, "whsec_previous");
    expect((await verifyWebhook(secret, header(t, other, good), body, { now })).id).toBe("evt_01");
    expect((await verifyWebhook(secret, header(t, good, other), body, { now })).id).toBe("evt_01");
    expect((await verifyWebhook("whsec_previous", header(t, good, other), body, { now })).id).toBe("evt_01");
    expect(await refusal(verifyWebhook(secret, header(t, other, sign(t, body, "whsec_third")), body, { now }))).toBe("signature_mismatch");
    // Unknown schemes beside v1 are ignored (a future v2 does not break today's receivers).
    expect((await verifyWebhook(secret, { "x-sluice-signature": `t=${t},v2=zzz,v1=${good}` }, body, { now })).id).toBe("evt_01");
  });

  it("refuses a missing or malformed header", async () => {
    const t = now;
    const good = sign(t, body);
    expect(await refusal(verifyWebhook(secret, {}, body, { now }))).toBe("missing_header");
    expect(await refusal(verifyWebhook(secret, new Headers(), body, { now }))).toBe("missing_header");
    for (const value of [
      "", "garbage", `v1=${good}`, `t=${t}`, `t=${t},v1=`, `t=${t},v1=${good.slice(2)}`, `t=${t},v1=${good}zz`,
      `t=abc,v1=${good}`, `t=${t}.5,v1=${good}`, `t=-${t},v1=${good}`, `t=${t},t=${t},v1=${good}`, `t=${t},v1=${"g".repeat(64)}`,
    ]) {
      expect(await refusal(verifyWebhook(secret, { "x-sluice-signature": value }, body, { now })), value)
        .toBe(value === "" ? "missing_header" : "malformed_header");
    }
  });

  it("accepts upper-case hex and whitespace around parts", async () => {
    const t = now;
    expect((await verifyWebhook(secret, { "x-sluice-signature": ` t=${t} , v1=${sign(t, body).toUpperCase()} ` }, body, { now })).id).toBe("evt_01");
  });

  it("refuses a correctly signed body that is not an event", async () => {
    const t = now;
    for (const raw of ["not json", "[1,2]", JSON.stringify({ type: "swap.executed" }), JSON.stringify({ id: 1, type: "x" })]) {
      expect(await refusal(verifyWebhook(secret, header(t, sign(t, raw)), raw, { now })), raw).toBe("malformed_body");
    }
  });
});
