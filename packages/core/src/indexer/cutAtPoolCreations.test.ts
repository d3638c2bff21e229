import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { cutAtPoolCreations } from "./cutAtPoolCreations.js";
import type { IndexLog } from "./readIndexLogs.js";

const factory = "0x00000000000000000000000000000000000000f1" as Address;
const pool = "0x00000000000000000000000000000000000000a1" as Address;
const created = (block: number): IndexLog => ({ address: factory, eventName: "PairCreated", args: {}, blockNumber: BigInt(block) });
const synced = (block: number): IndexLog => ({ address: pool, eventName: "Sync", args: {}, blockNumber: BigInt(block) });

describe("cutAtPoolCreations", () => {
  it("within the bound: nothing cut", () => {
    const logs = [created(1), synced(1), created(2), synced(3)];
    expect(cutAtPoolCreations(logs, [factory], 2)).toBeUndefined();
    expect(logs).toHaveLength(4);
  });

  it("past it: ends before the block of the first creation over the bound, keeping whole blocks", () => {
    const logs = [created(1), synced(1), created(2), synced(2), created(3), synced(3), synced(4)];
    expect(cutAtPoolCreations(logs, [factory], 2)).toBe(2n);
    expect(logs).toEqual([created(1), synced(1), created(2), synced(2)]);
  });

  it("keeps the first block whole however many it creates (a block's gas bounds them)", () => {
    const logs = [created(5), created(5), synced(5), created(5), created(6)];
    expect(cutAtPoolCreations(logs, [factory], 2)).toBe(5n);
    expect(logs).toEqual([created(5), created(5), synced(5), created(5)]);
  });

  it("counts only the configured factories' creations", () => {
    const other = { ...created(1), address: pool };
    const logs = [other, other, other, created(2)];
    expect(cutAtPoolCreations(logs, [factory], 1)).toBeUndefined();
  });
});
