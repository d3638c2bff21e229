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
