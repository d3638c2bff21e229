import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { createTcpRedis } from "./createTcpRedis.js";

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("createTcpRedis without a Redis", () => {
  it("rejects a command at once with an error isDependencyDown recognises (no queue while disconnected)", async () => {
    const tcp = createTcpRedis({ url: `redis://127.0.0.1:${await closedPort()}/0` });
    try {
      expect(await tcp.ready(200)).toBe(false);
      const failure = await tcp.redis.get("k").then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDependencyDown(failure)).toBe(true);
      const pipeline = tcp.redis.pipeline();
      pipeline.incr("k");
      const pipelineFailure = await pipeline.exec().then(() => undefined, (error: unknown) => error);
      expect(isDependencyDown(pipelineFailure)).toBe(true);
    } finally {
      await tcp.close();
    }
  });
});
