import type { DevnetManifest } from "@sluice/devnet";

/** What the test stack tells the tests (through vitest's provide/inject). */
export type StackInfo = {
  baseUrl: string;
  sandboxUrl: string;
  adminToken: string;
  databaseUrl: string;
  redisUrl: string;
  redisRestUrl: string;
  redisRestToken: string;
  manifest: DevnetManifest;
  /** The local Across API (its devnet-only controls: hold, tamper, fund, request counts). */
  acrossApiUrl: string;
  /** The SLUICE_CHAINS the workers run with. */
  sluiceChains: string;
  acrossApiKey: string;
  stateDir: string;
  /** Control of the fault proxies between the workers and their dependencies (see faults.ts). */
  faultsUrl: string;
  /** How the workers reach Postgres: `pg` over TCP, or `neon` (Neon's serverless driver through a local WebSocket proxy). */
  databaseDriver: "pg" | "neon";
  demoKeys: { production: string; sandbox: string };
};

declare module "vitest" {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
