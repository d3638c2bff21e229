import { SluiceError } from "../errors/SluiceError.js";

/**
 * Signing secrets: generated per endpoint, shown once, stored encrypted with AES-256-GCM under the reporting
 * worker's `WEBHOOK_SIGNING_KEY` (32 bytes, hex or base64), the endpoint id as associated data (a ciphertext moved to
 * another endpoint does not decrypt). Deliveries decrypt it to sign. WebCrypto only (Workers, Node, browsers).
 */
const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Reads the key setting: 64 hex characters or base64 of 32 bytes. */
export function parseSigningKey(setting: string): Uint8Array {
  const text = setting.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16))
    : (() => { try { return fromBase64Url(text); } catch { return new Uint8Array(); } })();
  if (bytes.length !== 32) throw new SluiceError("INTERNAL", "WEBHOOK_SIGNING_KEY must be 32 bytes (64 hex characters or base64)");
  return bytes;
}

const aesKeys = new Map<string, Promise<CryptoKey>>();
function aesKey(setting: string): Promise<CryptoKey> {
  let key = aesKeys.get(setting);
  if (!key) {
    key = crypto.subtle.importKey("raw", parseSigningKey(setting) as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]);
    aesKeys.set(setting, key);
  }
  return key;
}

/** A new signing secret: `whsec_` and 32 random bytes, hex. */
export function generateWebhookSecret(): string {
  return `whsec_${toHex(crypto.getRandomValues(new Uint8Array(32)).buffer as ArrayBuffer)}`;
}

export async function encryptWebhookSecret(keySetting: string, endpointId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(endpointId) }, await aesKey(keySetting), encoder.encode(secret));
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

export async function decryptWebhookSecret(keySetting: string, endpointId: string, stored: string): Promise<string> {
  const [version, iv, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !ciphertext) throw new Error(`webhook secret of ${endpointId} is not in a known format`);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv) as BufferSource, additionalData: encoder.encode(endpointId) },
    await aesKey(keySetting), fromBase64Url(ciphertext) as BufferSource);
  return new TextDecoder().decode(plain);
}

/** `X-Sluice-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export async function signWebhookBody(secret: string, body: string, timestamp: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `t=${timestamp},v1=${toHex(mac)}`;
}
