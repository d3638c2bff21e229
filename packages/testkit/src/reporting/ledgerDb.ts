import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { createDb, insertUsageEvents, parseUsageEvents, type Database, type UsageEventInput } from "@sluice/core";

/** The pg pool under a database handle (raw SQL in tests and scripts). */
type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: any[] }>; on: (event: "connect", listener: (client: { on: (event: "error", listener: () => void) => void }) => void) => void };

export const rawClient = (db: Database) => (db as unknown as { $client: RawClient }).$client;

let opened: ReturnType<typeof createDb> | undefined;

/** A direct connection to the test stack's database (for setting up events and asserting), closed after the file. */
export function testDb(): Database {
  if (!opened) {
    opened = createDb({ url: inject("stack").databaseUrl });
    afterAll(async () => { await opened?.close(); opened = undefined; });
  }
  return opened.db;
}

export type EventSpec = Partial<UsageEventInput> & { accountId: string; volumeUsd: string };

/** A raw query on the test database (assertions). */
export async function query<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await rawClient(testDb()).query(text, params)).rows as T[];
}

/**
 * An event with sensible defaults: a non-test solve on base, now, whose transaction (a fresh hash) succeeded.
 * Dry runs and routes get no transaction or outcome unless the spec gives them.
 */
export function event(spec: EventSpec): UsageEventInput {
  const base: UsageEventInput = {
    id: `evt_${randomBytes(10).toString("hex")}`,
    eventType: "solve", chain: "base", isDryRun: false, isTest: false,
    occurredAt: new Date().toISOString(), ...spec,
  };
  const executed = base.eventType === "solve" && !base.isDryRun;
  return executed ? { txHash: `0x${randomBytes(32).toString("hex")}`, outcome: "succeeded", ...base } : base;
}

/** Writes events straight through the core insert the recorder uses (the recorder's own path is tested apart). */
export async function insertEvents(...specs: EventSpec[]): Promise<UsageEventInput[]> {
  const events = specs.map(event);
  await insertUsageEvents(testDb(), parseUsageEvents(events));
  return events;
}

/** The current UTC month as YYYY-MM. */
export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}
