import { describe, expect, it } from "vitest";
import type { AbiEvent, PublicClient } from "viem";
import { v2FactoryEvents, v2PairEvents } from "./abis.js";
import { unlimitedIndexBudget } from "./indexBudget.js";
import { readBusyBlock } from "./readBusyBlock.js";

/** A node whose answer for one event is refused with `message`; every other event answers no logs. */
const refusing = (eventName: string, message: string) => ({
  getLogs: async ({ event }: { event: AbiEvent }) => {
    if (event.name === eventName) throw Object.assign(new Error("RPC Request failed."), { details: message });
    return [];
  },
}) as unknown as PublicClient;

const events = [...v2FactoryEvents, ...v2PairEvents];

describe("readBusyBlock", () => {
  it.each(["query returned more than 10000 results", "Log response size exceeded.", "too many logs in this block"])(
    "skips and names an event refused for its size (%s)", async (message) => {
      const read = await readBusyBlock({ client: refusing("Sync", message), block: 7n, events, budget: unlimitedIndexBudget() });
      expect(read).toEqual({ logs: [], skipped: ["Sync"] });
    });

  it.each(["query timeout exceeded", "rate limit exceeded", "429 Too Many Requests", "execution aborted (timeout = 5s)"])(
    "fails on a refusal that is not about size (%s): the pass is tried again, nothing skipped for good", async (message) => {
      await expect(readBusyBlock({ client: refusing("Sync", message), block: 7n, events, budget: unlimitedIndexBudget() })).rejects.toThrow();
    });

  it("never skips a creation event", async () => {
    await expect(readBusyBlock({ client: refusing("PairCreated", "query returned more than 10000 results"), block: 7n, events, budget: unlimitedIndexBudget() }))
      .rejects.toThrow();
  });
});
