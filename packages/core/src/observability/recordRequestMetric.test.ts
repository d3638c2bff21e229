/**
 * Per-request metrics through a worker's app: every request, failures included, is one Analytics Engine data point
 * with the route pattern (never the raw path), status class, error code and duration; a failing dataset never fails
 * the request. The dataset here collects what Cloudflare's binding would receive.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../http/createApp.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { MetricsDataset } from "./recordRequestMetric.js";

function collecting(): MetricsDataset & { points: Parameters<MetricsDataset["writeDataPoint"]>[0][] } {
  const points: Parameters<MetricsDataset["writeDataPoint"]>[0][] = [];
  return { points, writeDataPoint: (point) => void points.push(point) };
}

function app() {
  const a = createApp({ name: "test", config: z.object({}) });
  a.get("/things/:id", (c) => c.json({ ok: true, id: c.req.param("id") }));
  a.get("/broken", () => {
    throw new SluiceError("DEPENDENCY_DOWN", "down");
  });
  return a;
}

describe("recordRequestMetric", () => {
  it("writes one point per request with the route pattern, status class, code and duration", async () => {
    const METRICS = collecting();
    const a = app();
    expect((await a.request("/things/0xabc", {}, { METRICS })).status).toBe(200);
    expect((await a.request("/broken", {}, { METRICS })).status).toBe(503);
    expect(METRICS.points).toHaveLength(2);
    expect(METRICS.points[0]).toMatchObject({ indexes: ["/things/:id"], blobs: ["test", "GET", "/things/:id", "2xx", ""] });
    expect(METRICS.points[1]).toMatchObject({ indexes: ["/broken"], blobs: ["test", "GET", "/broken", "5xx", "DEPENDENCY_DOWN"] });
    expect(METRICS.points[1]!.doubles![1]).toBe(503);
    expect(METRICS.points[0]!.doubles![0]).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(METRICS.points)).not.toContain("0xabc");
  });

  it("a dataset that throws loses the point, not the request; no binding, no points", async () => {
    const throwing: MetricsDataset = { writeDataPoint: () => { throw new Error("dataset unavailable"); } };
    expect((await app().request("/things/1", {}, { METRICS: throwing })).status).toBe(200);
    expect((await app().request("/things/1", {}, {})).status).toBe(200);
  });
});
