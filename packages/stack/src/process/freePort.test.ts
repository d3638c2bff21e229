import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { freePort } from "./freePort.js";

describe("freePort", () => {
  it("hands out bindable ports below the kernel's ephemeral range, never the same one twice", async () => {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const ports: number[] = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(low);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(ports[0], "127.0.0.1", resolve));
    server.close();
  });

  it("never hands out a port the operating system gives to listen(0) meanwhile", async () => {
    const server = createServer();
    const osPort = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
    const ports: number[] = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(ports).not.toContain(osPort);
    server.close();
  });

  it("never hands out a port fetch refuses (10080, a \"bad port\" of the Fetch standard)", async () => {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const span = Math.max(11_000, low - 1) - 10_000 + 1;
    // The first candidate drawn is 10080, then anything else.
    const draws = [(80 + 0.5) / span, (5_000 + 0.5) / span];
    const random = vi.spyOn(Math, "random").mockImplementation(() => draws.shift() ?? 0.5);
    try {
      expect(await freePort()).not.toBe(10_080);
    } finally {
      random.mockRestore();
    }
    await expect(fetch("http://127.0.0.1:10080/")).rejects.toMatchObject({ cause: { message: "bad port" } });
  });
});
