/**
 * Request ids through a worker's app: every request gets an id of the worker's own (answer header and log line); an
 * `X-Request-Id` the client sent is never adopted (a client could otherwise choose the id every area logs, or reuse a
 * victim's), only logged beside it as `clientRequestId`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApp } from "./createApp.js";

/** The request log lines the app writes while `work` runs (`logEvent` writes JSON lines to the console). */
async function requestLines(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation((line: unknown) => void lines.push(String(line)));
  await work();
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "request");
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe("assignRequestId", () => {
  it("never adopts a client's X-Request-Id: the answer and the log carry the worker's own id, the client's only as clientRequestId", async () => {
    const app = createApp({ name: "test", config: z.object({}) });
    app.get("/things", (c) => c.json({ ok: true, requestId: c.get("requestId") }));
    let response: Response | undefined;
    const [line] = await requestLines(async () => {
      response = await app.request("/things", { headers: { "X-Request-Id": "victim-id" } }, {});
    });
    const id = response!.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe("victim-id");
    expect(await response!.json()).toMatchObject({ requestId: id });
    expect(line).toMatchObject({ requestId: id, clientRequestId: "victim-id" });
  });

  it("each request gets a fresh id; a client value that is not a plain token is not logged", async () => {
    const app = createApp({ name: "test", config: z.object({}) });
    let ids: (string | null)[] = [];
    const lines = await requestLines(async () => {
      const answers = [await app.request("/nowhere", {}, {}), await app.request("/nowhere", { headers: { "X-Request-Id": "a\"b c" } }, {})];
      ids = answers.map((a) => a.headers.get("X-Request-Id"));
    });
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.map((l) => l.requestId)).toEqual(ids);
    expect(lines.map((l) => l.clientRequestId)).toEqual([undefined, undefined]);
  });
});
