import type { Address } from "viem";

/** What the last balance check saw of one relayer wallet (kept in Redis; amounts in wei as decimal strings). */
export type RelayerBalanceRecord = {
  relayer: Address;
  balanceWei: string;
  minBalanceWei: string;
  /** Below the minimum: out of rotation until a check sees it topped up. */
  low: boolean;
  checkedAt: number;
};

/** A balance check older than this no longer takes a relayer out of rotation (a send will tell again). */
export const RELAYER_BALANCE_RECORD_TTL_MS = 30 * 60_000;

/** Whether the last balance check keeps a relayer out of rotation: it saw it below the minimum, recently enough. */
export function isOutOfRotation(record: RelayerBalanceRecord | undefined, now: number): boolean {
  return record !== undefined && record.low && now - record.checkedAt < RELAYER_BALANCE_RECORD_TTL_MS;
}

/** Reads a stored record; anything malformed reads as no record (the relayer stays in rotation). */
export function readRelayerBalanceRecord(raw: unknown): RelayerBalanceRecord | undefined {
  const value = typeof raw === "string" ? safeParse(raw) : raw;
  if (!value || typeof value !== "object") return undefined;
  const r = value as Partial<RelayerBalanceRecord>;
  if (typeof r.relayer !== "string" || typeof r.balanceWei !== "string" || typeof r.minBalanceWei !== "string"
    || typeof r.low !== "boolean" || typeof r.checkedAt !== "number") return undefined;
  return r as RelayerBalanceRecord;
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
