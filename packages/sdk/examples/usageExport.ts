/**
 * A usage export: every usage event of a month (all pages) as CSV on stdout, with the total on stderr.
 *
 *   SLUICE_API_KEY=… pnpm --filter @sluice/sdk example:usage-export 2026-11 > usage-2026-11.csv
 */
import { sluice } from "./env.js";

const period = process.argv[2] ?? new Date().toISOString().slice(0, 7);
const columns = ["id", "created_at", "event_type", "status", "chain", "volume_usd", "is_dry_run", "is_test", "tx_hash"] as const;
const csv = (value: unknown) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll("\"", "\"\"")}"` : String(value ?? ""));

console.log(columns.join(","));
let count = 0;
let executedUsd = 0;
for await (const event of sluice.usage({ period, pageSize: 1000 })) {
  console.log(columns.map((c) => csv(event[c])).join(","));
  count++;
  if (event.event_type === "solve" && event.status === "executed") executedUsd += event.volume_usd;
}
console.error(`${count} events in ${period}; executed swap volume ${executedUsd.toFixed(2)} USD`);
