import type { Address, Hex } from "viem";

/** What the relayer sent at one nonce, kept until mined so a stuck transaction can be replaced. */
export type InflightRecord = {
  hash: Hex;
  to: Address;
  data: Hex;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  sentAt: number;
};

/** Reads an in-flight record stored as JSON (the REST client may hand back the parsed object already). */
export function readInflightRecord(value: unknown): InflightRecord {
  return (typeof value === "string" ? JSON.parse(value) : value) as InflightRecord;
}
