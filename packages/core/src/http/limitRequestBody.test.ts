import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "./createApp.js";
import { MAX_ADMIN_BODY_BYTES, MAX_BODY_BYTES } from "./limitRequestBody.js";

function appReadingBodies() {
  const read: number[] = [];
  const app = createApp({ name: "test", config: z.object({}) });
  const handler = async (c: any) => {
    const text = await c.req.text();
    read.push(text.length);
    return c.json({ ok: true, length: text.length });
  };
  app.post("/dashboard/login", handler);
  app.post("/admin/v1/token-quality/import", handler);
  // The app's bindings (none here: the schema asks for nothing).
  const env = {};
  return { app: { request: (path: string, init: RequestInit) => app.request(path, init, env) }, read };
}

/** A body sent without a length, in chunks (as `Transfer-Encoding: chunked`). */
function streamed(bytes: number, chunk = 64 * 1024): RequestInit {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { method: "POST", body, duplex: "half" } as RequestInit;
}

describe("limitRequestBody (every app made by createApp)", () => {
  it("refuses a body past 1 MB by its Content-Length, before the handler reads it", async () => {
    const { app, read } = appReadingBodies();
    const response = await app.request("/dashboard/login", { method: "POST", body: "a".repeat(MAX_BODY_BYTES + 1), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, code: "MALFORMED_REQUEST", error: "body: larger than 1 MB, the most this endpoint accepts" });
    // Answered before the body is read whole: the client is told not to send another request on this connection.
    expect(response.headers.get("connection")).toBe("close");
    expect(read).toEqual([]);
  });

  it("refuses a streamed body without a length once it passes 1 MB, without reading the rest", async () => {
    const { app, read } = appReadingBodies();
    const response = await app.request("/dashboard/login", streamed(50 * MAX_BODY_BYTES));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("MALFORMED_REQUEST");
    expect(read).toEqual([]);
  });

  it("passes bodies within the limit whole, streamed or not; the admin API takes up to 16 MB (token lists)", async () => {
    const { app, read } = appReadingBodies();
    expect((await app.request("/dashboard/login", { method: "POST", body: "a".repeat(MAX_BODY_BYTES) })).status).toBe(200);
    expect((await app.request("/dashboard/login", streamed(MAX_BODY_BYTES))).status).toBe(200);
    expect((await app.request("/admin/v1/token-quality/import", streamed(5 * MAX_BODY_BYTES))).status).toBe(200);
    expect((await app.request("/admin/v1/token-quality/import", streamed(MAX_ADMIN_BODY_BYTES + 1))).status).toBe(400);
    expect(read).toEqual([MAX_BODY_BYTES, MAX_BODY_BYTES, 5 * MAX_BODY_BYTES]);
  });
});
