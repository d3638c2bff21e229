import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFixedAnswerServer, startSilentServer, startTestRedis, type FixedAnswerServer, type RestTestRedis, type SilentServer,
} from "@sluice/testkit";
import { toSluiceError } from "../errors/onError.js";
import { createRedis } from "./createRedis.js";

let stalled: SilentServer;
let badGateway: FixedAnswerServer;
let unavailable: FixedAnswerServer;
let overLimit: FixedAnswerServer;
let real: RestTestRedis;
beforeAll(async () => {
  stalled = await startSilentServer();
  // What Cloudflare or a load balancer answers in front of a REST endpoint that is not there.
  badGateway = await startFixedAnswerServer({ status: 502, body: "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>" });
  unavailable = await startFixedAnswerServer({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Service Unavailable" }) });
  // Upstash refusing past a plan's limit: a Redis-worded reply, but about the service, not the command.
  overLimit = await startFixedAnswerServer({
    status: 400, contentType: "application/json", body: JSON.stringify({ error: "ERR max daily request limit exceeded. Limit: 10000, Usage: 10000." }),
  });
  real = await startTestRedis();
});
afterAll(async () => {
  await stalled?.close();
  await badGateway?.close();
  await unavailable?.close();
  await overLimit?.close();
  await real?.close();
});

const failure = (work: Promise<unknown>) => work.then(() => { throw new Error("answered"); }, (error: unknown) => error);

describe("createRedis", () => {
  it("a stalled endpoint fails each command once its bound has passed, never answering a made-up reply", async () => {
    const redis = createRedis({ url: stalled.url, token: "t", timeoutMs: 200 });
    await expect(redis.get("k")).rejects.toThrow();
    await expect(redis.pipeline().incr("a").expire("a", 60).exec()).rejects.toThrow();
  });

  it("a command that timed out is a dependency failure (503), a command, a pipeline and a script alike", async () => {
    const redis = createRedis({ url: stalled.url, token: "t", timeoutMs: 200 });
    const errors = [
      await failure(redis.get("k")),
      await failure(redis.pipeline().incr("a").expire("a", 60).exec()),
      await failure(redis.eval("return 1", [], [])),
    ];
    expect(errors.map((e) => toSluiceError(e).code)).toEqual(["DEPENDENCY_DOWN", "DEPENDENCY_DOWN", "DEPENDENCY_DOWN"]);
  });

  it("an HTML error page or a service's HTTP error instead of an answer is a dependency failure (503)", async () => {
    for (const server of [badGateway, unavailable, overLimit]) {
      const redis = createRedis({ url: server.url, token: "t", timeoutMs: 1_000 });
      expect(toSluiceError(await failure(redis.get("k"))).code).toBe("DEPENDENCY_DOWN");
      expect(toSluiceError(await failure(redis.pipeline().incr("a").exec())).code).toBe("DEPENDENCY_DOWN");
    }
  });

  it("Redis refusing the command itself (a bug, answered by a working Redis) stays an internal error", async () => {
    const redis = createRedis({ url: real.restUrl, token: real.restToken });
    await redis.set("text", "not a number");
    expect(toSluiceError(await failure(redis.incr("text"))).code).toBe("INTERNAL");
    expect(toSluiceError(await failure(redis.eval("return redis.call('NOSUCHCOMMAND')", [], []))).code).toBe("INTERNAL");
  });
});
