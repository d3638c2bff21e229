import { API_KEY_PREFIX_LENGTH } from "./apiKeyFormat.js";
import { hashApiKey } from "./hashApiKey.js";

export type GenerateApiKeyReturnType = { key: string; hash: string; prefix: string };

/** A new 40-hex key from 160 random bits, with its hash and visible prefix. */
export async function generateApiKey(): Promise<GenerateApiKeyReturnType> {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const key = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { key, hash: await hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}
