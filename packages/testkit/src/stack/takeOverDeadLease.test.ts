/** Lease markers of dead test runs are taken over; a live run's never are. Real Redis (db 0, keys of this test only). */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { takeOverDeadLease } from "./takeOverDeadLease.js";

const control = new Redis("redis://127.0.0.1:6379/0");
const markers: string[] = [];
const marker = () => {
  const key = `sluice:test-lease-test:${randomUUID()}`;
  markers.push(key);
  return key;
};
afterAll(async () => {
  if (markers.length) await control.del(...markers);
  await control.quit();
});

describe("takeOverDeadLease", () => {
  it("takes a marker whose process has exited; leaves a live process's alone", async () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!; // exited by the time spawnSync returns
    const orphaned = marker();
    await control.set(orphaned, String(dead), "EX", 60);
    expect(await takeOverDeadLease(control, orphaned, 4242)).toBe(true);
    expect(await control.get(orphaned)).toBe("4242");
    expect(await control.ttl(orphaned)).toBeGreaterThan(7000);

    const live = marker();
    await control.set(live, String(process.pid), "EX", 60);
    expect(await takeOverDeadLease(control, live, 4242)).toBe(false);
    expect(await control.get(live)).toBe(String(process.pid));
  });
});
