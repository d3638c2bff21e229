/** The slice of Workers Analytics Engine's dataset binding that Sluice writes to. */
export type MetricsDataset = { writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void };

export type RequestMetric = { worker: string; method: string; route: string; status: number; durationMs: number; code?: string };

/**
 * One Analytics Engine data point per request: per-route latency and status counts an operator can query and alert on
 * (docs: DEPLOY.md "What to watch"). Layout — index: the route; blobs: worker, method, route, status class (`2xx`…),
 * error code; doubles: duration (ms), status. Never an account key or a request body. Writing never throws: metrics
 * must not fail a request.
 */
export function recordRequestMetric(dataset: MetricsDataset | undefined, m: RequestMetric): void {
  if (!dataset) return;
  try {
    dataset.writeDataPoint({
      indexes: [m.route.slice(0, 96)],
      blobs: [m.worker, m.method, m.route, `${Math.floor(m.status / 100)}xx`, m.code ?? ""],
      doubles: [m.durationMs, m.status],
    });
  } catch {
    // A full or unavailable dataset loses a data point, not the request.
  }
}
