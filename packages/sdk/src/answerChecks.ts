/** The SDK's small checks of values the API answered: each failure is a field-named {@link SluiceVerificationError}. */
import { getAddress, isAddress, isAddressEqual, type Address } from "viem";
import { SluiceVerificationError } from "./errors.js";

const MAX_UINT256 = 2n ** 256n - 1n;

/** A value as the error shows it. */
export function shown(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (value === undefined) return "nothing";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function fail(field: string, expected: string, received: unknown, hint?: string): never {
  throw new SluiceVerificationError({ field, expected, received: shown(received), ...(hint ? { hint } : {}) });
}

/** An address the answer holds (any case), checksummed. */
export function answeredAddress(field: string, value: unknown): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) fail(field, "an address", value);
  return getAddress(value);
}

/** The answered address, which must be `expected` (`what` names it in the error). */
export function requireAddress(field: string, value: unknown, expected: Address, what: string, hint?: string): Address {
  const address = answeredAddress(field, value);
  if (!isAddressEqual(address, expected)) fail(field, `${what} ${getAddress(expected)}`, address, hint);
  return address;
}

/** A uint256 the answer holds as a decimal string (or a safe integer). */
export function answeredUint(field: string, value: unknown): bigint {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,78}$/.test(text) || BigInt(text) > MAX_UINT256) fail(field, "an unsigned integer (decimal)", value);
  return BigInt(text);
}

/** The object at `field`, or a failure naming it. */
export function answeredObject(field: string, value: unknown): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) fail(field, "an object", value);
  return value as Record<string, unknown>;
}
