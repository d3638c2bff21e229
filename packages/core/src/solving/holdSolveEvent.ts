import type { Hex } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { recordRelayerReplacement } from "../relayer/recordRelayerReplacement.js";
import { holdUsageEvents } from "../usage/holdUsageEvents.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import { releaseHeldUsageEvents } from "../usage/releaseHeldUsageEvents.js";
import { recordSolveEvent, type SolveEvent } from "./recordSolveEvent.js";
import { solveUsageEvent } from "./solveUsageEvent.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type HoldSolveEventParameters = {
  redis: Redis;
  usage: UsageRecorderBinding;
  chainId: number;
  /** The solve's `pending` event, without its hash (the relayer's signature gives it). */
  event: Omit<SolveEvent, "txHash">;
};

export type HoldSolveEventReturnType = {
  /** `sendRelayerTransaction`'s `beforeSend`: called with each attempt's hash before the node can have it. */
  beforeSend: (hash: Hex) => Promise<void>;
  /**
   * Where the event was made durable: the usage outbox (Postgres gets it after the answer, then the outbox lets go),
   * Postgres itself (the outbox refused it), or nowhere yet (nothing was signed).
   */
  heldIn: () => "outbox" | "postgres" | undefined;
  /** The hash the event is held under: the first attempt's (undefined until one was signed). */
  first: () => Hex | undefined;
  /**
   * After the answer: the event held in the outbox is written to Postgres under the first attempt's hash, then the
   * outbox lets go of it (an event written to Postgres before the send is not written again). Throws when the write
   * did not get through: the outbox keeps the event for its drain.
   */
  record: () => Promise<void>;
  /** Nothing was sent after all: lets go of the event held in the outbox (a Postgres row settles `failed` as dropped). */
  release: () => Promise<void>;
};

/**
 * A gasless solve's usage event, durable before its transaction can reach the chain: a worker that dies right after
 * the send (evicted, out of CPU) must not leave a mined swap out of the ledger, uncredited. The first attempt's hash
 * is held in the usage outbox (one Redis command; if Redis refuses, the event is written to Postgres instead, and if
 * that fails too, nothing is sent). A later attempt (the relayer's nonce was taken) is linked to the first as a
 * replacement (`recordRelayerReplacement`), and every copy of the event — the outbox's, the Redis-down write, the
 * write after the answer (`record`) — names the first: links go forward only, so from the first the finaliser reads
 * every attempt and settles by the one mined (a successful one first, `readRelayedReceipt`), then holds its hash.
 * Not the last attempt: the nonce may have been taken by the first attempt itself (it reached the node, its answer
 * was lost, and a lagging backend did not know it yet when looked up); both are then mined, the first swaps and the
 * last reverts (the permit is spent), and from the last the swap would never be read. A hash that never went out is
 * unknown to the chain and settles `failed` (never credited) once the dropped window has passed.
 */
export function holdSolveEvent({ redis, usage, chainId, event }: HoldSolveEventParameters): HoldSolveEventReturnType {
  let first: Hex | undefined;
  let heldIn: "outbox" | "postgres" | undefined;
  return {
    heldIn: () => heldIn,
    first: () => first,
    beforeSend: async (hash) => {
      if (first !== undefined) {
        if (hash.toLowerCase() !== first.toLowerCase()) await recordRelayerReplacement(redis, { chainId, replaced: first, replacement: hash });
        return;
      }
      const held = { ...event, txHash: hash };
      try {
        await holdUsageEvents(redis, [solveUsageEvent(held)]);
        heldIn = "outbox";
      } catch (error) {
        logEvent("error", "solve event not held; recording it before the send", { eventId: event.id, error: errorText(error) });
        await recordSolveEvent(usage, held);
        heldIn = "postgres";
      }
      first = hash;
    },
    record: async () => {
      if (heldIn !== "outbox" || first === undefined) return;
      const result = await recordSolveEvent(usage, { ...event, txHash: first });
      if (result.deferred === 0) await releaseHeldUsageEvents(redis, [event.id]);
    },
    release: async () => {
      if (heldIn === "outbox") await releaseHeldUsageEvents(redis, [event.id]);
    },
  };
}
