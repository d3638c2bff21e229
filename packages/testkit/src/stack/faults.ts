import { inject } from "vitest";

/**
 * Takes a dependency away from the workers and gives it back: the test stack runs a TCP proxy between the
 * workers and Postgres, Redis (its REST endpoint) and each chain's RPC. `down()` cuts open connections and
 * refuses new ones; `up()` restores service. Tests that use it must bring the dependency back (use `finally`).
 *
 * The stack project runs its test files one at a time, so an outage never leaks into another file's tests.
 */
export type Fault = { down: () => Promise<void>; up: () => Promise<void> };

function fault(name: string): Fault {
  const set = async (state: "down" | "up") => {
    const response = await fetch(`${inject("stack").faultsUrl}/faults/${name}/${state}`, { method: "POST" });
    if (!response.ok) throw new Error(`fault ${name} ${state}: ${await response.text()}`);
  };
  return { down: () => set("down"), up: () => set("up") };
}

type Chain = "ethereum" | "base" | "arbitrum" | "polygon";

/** The public entry's dependencies; `faults.sandbox` are the sandbox deployment's own (separate proxies). */
export const faults = {
  postgres: fault("postgres"),
  redis: fault("redis"),
  rpc: (chain: Chain) => fault(`rpc-${chain}`),
  /** The WebSocket proxy of Neon's driver (only in a stack started with `databaseDriver: "neon"`). */
  neonProxy: fault("neon-ws"),
  sandbox: {
    postgres: fault("sandbox-postgres"),
    redis: fault("sandbox-redis"),
    rpc: (chain: Chain) => fault(`sandbox-rpc-${chain}`),
    neonProxy: fault("sandbox-neon-ws"),
  },
};

/** Runs `body` with the dependency down, and always brings it back. */
export async function withOutage<T>(target: Fault, body: () => Promise<T>): Promise<T> {
  await target.down();
  try {
    return await body();
  } finally {
    await target.up();
  }
}
