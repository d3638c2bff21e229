import { join } from "node:path";
import { inject } from "vitest";
import { freePort, startWrangler } from "@sluice/stack";

export type UsageProbe = {
  record: (events: unknown[]) => Promise<{ status: number; body: Record<string, any> }>;
  /** Queues the events in the probe isolate's `createUsageEventBatch` (a 2 s window) and answers at once. */
  recordBatched: (events: unknown[]) => Promise<{ status: number; body: Record<string, any> }>;
  /** The batches (event ids) the probe's batch could not record, with the recorder's error. */
  batchFailures: () => Promise<{ ids: string[]; error: string }[]>;
  markExecuted: (eventId: string, txHash: string) => Promise<{ status: number; body: Record<string, any> }>;
  stop: () => Promise<void>;
};

/**
 * Starts the probe worker next to the test stack (same dev registry), so a test records usage through the
 * real service binding to the reporting worker's `UsageRecorder` entrypoint.
 */
export async function startUsageProbe(): Promise<UsageProbe> {
  const stack = inject("stack");
  const port = await freePort();
  const probe = await startWrangler({
    name: "usage probe", port, secrets: {}, registryPath: join(stack.stateDir, "registry"),
    logFile: join(stack.stateDir, "usage-probe.log"),
    configs: ["packages/testkit/src/reporting/usage-probe/wrangler.toml"],
  });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${probe.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  return {
    record: (events) => post("/record", { events }),
    recordBatched: (events) => post("/record-batched", { events }),
    batchFailures: async () => ((await (await fetch(`${probe.url}/batch-failures`)).json()) as { failures: { ids: string[]; error: string }[] }).failures,
    markExecuted: (eventId, txHash) => post("/mark-executed", { eventId, txHash }),
    stop: probe.stop,
  };
}
