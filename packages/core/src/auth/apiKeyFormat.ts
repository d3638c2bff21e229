/** API keys are 40 hexadecimal characters (interface §5.2). */
export const API_KEY_PATTERN = /^[0-9a-f]{40}$/i;

/** How many leading characters of a key are kept in clear, so an operator can tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 8;

export function isApiKeyFormat(value: string | undefined | null): value is string {
  return typeof value === "string" && API_KEY_PATTERN.test(value);
}
