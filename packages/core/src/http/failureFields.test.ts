import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "./createApp.js";
import { swapFailureFields } from "./failureFields.js";
import { MAX_BODY_BYTES } from "./limitRequestBody.js";

/** An app with the swap endpoints' failure fields, whose settings need `NEEDED` (absent from `env`: refused). */
function swapLikeApp(env: Record<string, string>) {
  const app = createApp({ name: "test", config: z.object({ NEEDED: z.string() }), failureFields: swapFailureFields });
  const answer = (c: any) => c.json({ ok: true });
  app.post("/api/v1/route", answer);
  app.post("/api/v1/solve", answer);
  app.post("/dashboard/login", answer);
  return (path: string, init: RequestInit) => app.request(path, init, env);
}

const oversized = { method: "POST", body: "a".repeat(MAX_BODY_BYTES + 1), headers: { "Content-Type": "application/json" } };

describe("createApp's failureFields: what a route's every failure carries, set before anything can fail", () => {
  it("a /route body past 1 MB answers gaslessEligible and computeMs (interface §7); /solve computeMs", async () => {
    const request = swapLikeApp({ NEEDED: "yes" });
    const route = await request("/api/v1/route", oversized);
    expect(route.status).toBe(400);
    expect(await route.json()).toEqual({
      ok: false, code: "MALFORMED_REQUEST", error: "body: larger than 1 MB, the most this endpoint accepts",
      gaslessEligible: false, computeMs: expect.any(Number),
    });
    const solve = await request("/api/v1/solve", oversized);
    expect(await solve.json()).toEqual({ ok: false, code: "MALFORMED_REQUEST", error: expect.any(String), computeMs: expect.any(Number) });
  });

  it("a deployment whose settings are refused answers /route's 503 with them too", async () => {
    const request = swapLikeApp({});
    const route = await request("/api/v1/route", { method: "POST", body: "{}" });
    expect(route.status).toBe(503);
    expect(await route.json()).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN", gaslessEligible: false, computeMs: expect.any(Number) });
  });

  it("other paths carry none of them", async () => {
    const response = await swapLikeApp({ NEEDED: "yes" })("/dashboard/login", oversized);
    expect(response.status).toBe(400);
    expect(Object.keys(await response.json() as object).sort()).toEqual(["code", "error", "ok"]);
  });
});
