import { describe, expect, it } from "vitest";
import { fetchBinding } from "./fetchBinding.js";

describe("fetchBinding (a service binding within the Node host)", () => {
  it("hands the request to the area's handler", async () => {
    const binding = fetchBinding(async (request) => new Response(`${request.method} ${new URL(request.url).pathname}`));
    expect(await (await binding.fetch("https://internal/health", { method: "POST" })).text()).toBe("POST /health");
  });

  it("honours the caller's signal as a fetch does: a deadline rejects with its reason while the handler is still busy", async () => {
    const binding = fetchBinding(() => new Promise<Response>(() => {})); // an area that never answers
    await expect(binding.fetch("https://internal/health", { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: "TimeoutError" });
    const aborted = new AbortController();
    aborted.abort();
    await expect(binding.fetch("https://internal/health", { signal: aborted.signal })).rejects.toMatchObject({ name: "AbortError" });
    // A forwarded request whose client went away is still answered (the gateway passes requests on whole).
    const gone = new AbortController();
    const forwarded = new Request("https://internal/x", { signal: gone.signal });
    gone.abort();
    const answering = fetchBinding(async () => new Response("answered"));
    expect(await (await answering.fetch(forwarded)).text()).toBe("answered");
  });
});
