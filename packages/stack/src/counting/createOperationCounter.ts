/** What the stack's counting proxies saw, per dependency: operations by name, total, and HTTP/TCP round trips. */
export type OperationArea = { total: number; roundTrips: number; byName: Record<string, number> };
export type OperationCounts = Record<string, OperationArea>;

export type OperationCounter = {
  /** Counts one operation (a Redis command, an RPC method call, a Postgres statement) of `area`. */
  count: (area: string, name: string, n?: number) => void;
  /** Counts one round trip (an HTTP request to the bridge or an RPC endpoint; a statement batch is not split). */
  roundTrip: (area: string) => void;
  /** A copy of the counts so far. */
  snapshot: () => OperationCounts;
  reset: () => void;
};

/** The in-process tally the counting proxies write and a benchmark or test reads before and after a load phase. */
export function createOperationCounter(): OperationCounter {
  let areas: OperationCounts = {};
  const area = (name: string) => (areas[name] ??= { total: 0, roundTrips: 0, byName: {} });
  return {
    count: (name, operation, n = 1) => {
      const a = area(name);
      a.total += n;
      a.byName[operation] = (a.byName[operation] ?? 0) + n;
    },
    roundTrip: (name) => void area(name).roundTrips++,
    snapshot: () => structuredClone(areas),
    reset: () => void (areas = {}),
  };
}
