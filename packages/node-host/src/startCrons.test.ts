import { afterEach, describe, expect, it, vi } from "vitest";
import { startCrons } from "./startCrons.js";

describe("startCrons", () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it("runs a task on its cron expression with a ScheduledController naming it; a failed run is logged and the next still runs", async () => {
    const lines: string[] = [];
    for (const method of ["info", "log", "error", "warn"] as const) vi.spyOn(console, method).mockImplementation((line: unknown) => { lines.push(String(line)); });
    const seen: string[] = [];
    let secondRun!: () => void;
    const ranTwice = new Promise<void>((resolve) => { secondRun = resolve; });
    const crons = startCrons([{
      name: "sluice-test",
      crons: ["* * * * * *"], // every second (croner's six-field form), so the test does not wait a minute
      run: async (controller) => {
        seen.push(controller.cron);
        if (seen.length === 1) throw new Error("first run fails");
        secondRun();
      },
    }]);
    try {
      await ranTwice;
    } finally {
      crons.stop();
    }
    expect(seen.slice(0, 2)).toEqual(["* * * * * *", "* * * * * *"]);
    const failure = lines.map((line) => { try { return JSON.parse(line) as Record<string, unknown>; } catch { return {}; } })
      .find((entry) => entry.event === "cron run failed");
    expect(failure).toMatchObject({ worker: "sluice-test", cron: "* * * * * *" });
    expect(String(failure?.error)).toContain("first run fails");
  });

  it("stop waits for a run in progress (a settlement is not cut short by a shutdown), and starts no other", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => { finish = resolve; });
    let runs = 0;
    const crons = startCrons([{ name: "sluice-test", crons: ["* * * * * *"], run: async () => { runs++; started(); await finished; } }]);
    await running;
    let stopped = false;
    const stopping = crons.stop().then(() => { stopped = true; });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(runs).toBe(1);
  });

  it("a run held past its time limit is logged and no longer holds up the schedule (as Cloudflare ends an invocation), nor a stop", async () => {
    const lines: string[] = [];
    for (const method of ["info", "log", "error", "warn"] as const) vi.spyOn(console, method).mockImplementation((line: unknown) => { lines.push(String(line)); });
    let runs = 0;
    let secondRun!: () => void;
    const ranAgain = new Promise<void>((resolve) => { secondRun = resolve; });
    let release!: () => void;
    const never = new Promise<void>((resolve) => { release = resolve; });
    // The first run never ends (a dependency went away mid-run without an error); every second a run is due.
    const crons = startCrons([{
      name: "sluice-test", crons: ["* * * * * *"],
      run: async () => { runs++; if (runs === 1) await never; else secondRun(); },
    }], { runLimitMs: 500 });
    try {
      await ranAgain;
      await crons.stop(); // does not wait for the held run, which may never end
    } finally {
      release();
    }
    const held = lines.map((line) => { try { return JSON.parse(line) as Record<string, unknown>; } catch { return {}; } })
      .find((entry) => entry.event === "cron run still going past its time limit; the schedule goes on without it");
    expect(held).toMatchObject({ worker: "sluice-test", cron: "* * * * * *", limitMs: 500 });
  });

  it("stop ends the schedules at once and waits for a run in progress only until its deadline, then answers how many are left", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    let release!: () => void;
    const never = new Promise<void>((resolve) => { release = resolve; });
    let runs = 0;
    // A run that never ends within the stop (a delivery pass waiting on silent receivers).
    const crons = startCrons([{ name: "sluice-test", crons: ["* * * * * *"], run: async () => { runs++; started(); await never; } }]);
    try {
      await running;
      const began = performance.now();
      const left = await Promise.race([crons.stop(Date.now() + 300), new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 3_000))]);
      expect(left).toBe(1);
      expect(performance.now() - began).toBeLessThan(800);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(runs).toBe(1);
    } finally {
      release();
    }
  });
});
