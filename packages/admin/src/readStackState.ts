import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where `pnpm dev` records what it started, so operator commands find the local stack. `pnpm dev` never deletes it. */
export const STACK_STATE_FILE = fileURLToPath(new URL("../../../.stack/dev/state.json", import.meta.url));

/** What operator commands take from the local stack's state file. */
export type StackState = {
  databaseUrl?: string; redisRestUrl?: string; redisRestToken?: string; sluiceChains?: string; acrossApiUrl?: string;
};

/** The local stack's settings, or undefined when no stack has written its state file here. */
export function readStackState(file = STACK_STATE_FILE): StackState | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StackState) : undefined;
}
