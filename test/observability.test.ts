/**
 * What an operator can watch: every request writes one JSON log line with its request id, route, status, duration
 * and account (never the key); answers carry Server-Timing with their stages; the public entry has a /health.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { call, createPartner, eventually } from "@sluice/testkit";

describe("observability", () => {
  it("a /route answer carries Server-Timing with its stages, and its log line carries the request id and account, never the key", async () => {
    const partner = await createPartner();
    // A client's X-Request-Id is never the request's id (it could be another partner's): logged apart, as clientRequestId.
    const clientRequestId = `obs-${randomUUID()}`;
    const response = await fetch(`${inject("stack").baseUrl}/api/v1/route`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sluice-API-Key": partner.key, "X-Request-Id": clientRequestId },
      body: JSON.stringify({ from: "USDC", to: "WETH", amount: "100", chain: "base" }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("X-Request-Id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const timing = response.headers.get("Server-Timing") ?? "";
    for (const stage of ["auth", "graph", "block", "route", "total"]) expect(timing).toMatch(new RegExp(`\\b${stage};dur=`));

    const logFile = join(inject("stack").stateDir, "api.log");
    const line = await eventually(async () => {
      const found = readFileSync(logFile, "utf8").split("\n").find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"event":"request"'));
      if (!found) throw new Error(`no log line yet: ${readFileSync(logFile, "utf8").slice(-1500)}`);
      return found;
    });
    const entry = JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown>;
    expect(entry).toMatchObject({ event: "request", requestId, clientRequestId, method: "POST", route: "/api/v1/route", status: 200, accountId: partner.accountId });
    expect(entry.durationMs).toEqual(expect.any(Number));
    expect(readFileSync(logFile, "utf8")).not.toContain(partner.key);
  });

  it("a sandbox quote's answered request id finds the swap deployment's log line too (as its clientRequestId)", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    const response = await fetch(`${inject("stack").sandboxUrl}/api/v1/route`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sluice-API-Key": partner.key, "X-Request-Id": `obs-${randomUUID()}` },
      body: JSON.stringify({ from: "USDC", to: "WETH", amount: "100", chain: "base" }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("X-Request-Id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logFile = join(inject("stack").stateDir, "sandbox.log");
    const swapLine = await eventually(async () => {
      const found = readFileSync(logFile, "utf8").split("\n").find((l) => l.includes(`"clientRequestId":"${requestId}"`) && l.includes('"event":"request"'));
      if (!found) throw new Error(`no swap log line yet: ${readFileSync(logFile, "utf8").slice(-1500)}`);
      return found;
    });
    expect(JSON.parse(swapLine.slice(swapLine.indexOf("{")))).toMatchObject({ worker: "swap", route: "/api/v1/route", status: 200, accountId: partner.accountId });
  });

  it("the public entry answers /health without a key, with nothing secret", async () => {
    const health = await call("/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, service: "sluice" });
    // The gasless relayers per chain the devnet runs them on: counts only, no addresses, no URLs.
    expect(health.body.relayers).toMatchObject({ base: { relayers: expect.any(Number), funded: expect.any(Number) } });
    expect(JSON.stringify(health.body)).not.toMatch(/0x[0-9a-fA-F]{40}|https?:/);
  });
});
