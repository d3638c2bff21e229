import IORedis, { ReplyError, type RedisOptions } from "ioredis";
import type { Redis, RedisPipeline, RedisSetOptions } from "../redis/redisClient.js";
import { deserializeRedisHash } from "../redis/deserializeRedisHash.js";
import { deserializeRedisReply } from "../redis/deserializeRedisReply.js";
import { serializeRedisValue } from "../redis/serializeRedisValue.js";

export type CreateTcpRedisParameters = {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS). */
  url: string;
  /** ioredis options over the defaults below (tests). */
  options?: RedisOptions;
};

export type CreateTcpRedisReturnType = {
  redis: Redis;
  /** Resolves once connected, or after `timeoutMs` (the host serves anyway: Redis down degrades requests). */
  ready: (timeoutMs?: number) => Promise<boolean>;
  close: () => Promise<void>;
};

type Deserialize = (reply: unknown) => unknown;

/**
 * Consecutive command timeouts after which the connection is replaced. One slow command (a large script) is no sign;
 * several in a row with no answer between them is a connection whose peer is gone without a reset, which TCP would
 * otherwise keep retransmitting to for ~15 minutes (every command costing its full timeout meanwhile).
 */
export const RECONNECT_AFTER_TIMEOUTS = 3;
/** TCP keepalive's first probe after this long idle (libuv then probes each second, 10 times): a peer gone while idle. */
const KEEPALIVE_MS = 10_000;

/**
 * Redis over one TCP connection (ioredis), for the Node host: the same commands and the same value semantics as the
 * Upstash REST client (`createRedis`), so core code cannot tell them apart. Like the REST client it fails fast: no
 * queue while disconnected, one retry, a 3 s command timeout; a transport failure is reported as a connection error
 * (`isDependencyDown` recognises it), a Redis error reply as it is. A peer that vanished without a reset is found by
 * TCP keepalive while the connection is idle, and by `RECONNECT_AFTER_TIMEOUTS` timeouts in a row while it is busy
 * (keepalive probes wait while sent data is unacknowledged): the connection is then replaced.
 */
export function createTcpRedis({ url, options }: CreateTcpRedisParameters): CreateTcpRedisReturnType {
  const client = new IORedis(url, {
    connectTimeout: 2_000,
    commandTimeout: 3_000,
    keepAlive: KEEPALIVE_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(50 * times, 1_000),
    ...options,
  });
  // Reconnection is automatic; a failed command reports the failure to its caller.
  client.on("error", () => {});
  const timeouts = watchTimeouts(client);

  const run = async <T>(command: string, args: unknown[], deserialize: Deserialize = deserializeRedisReply): Promise<T> => {
    try {
      const reply = await client.call(command, ...args.map(serializeRedisValue));
      timeouts.answered();
      return deserialize(reply) as T;
    } catch (error) {
      timeouts.failed(error);
      throw asRedisError(error);
    }
  };

  const setArguments = (options?: RedisSetOptions): unknown[] => [
    ...(options?.nx ? ["NX"] : []),
    ...(typeof options?.ex === "number" ? ["EX", options.ex] : typeof options?.px === "number" ? ["PX", options.px] : []),
  ];

  const redis: Redis = {
    get: (key) => run("get", [key]),
    set: (key, value, options) => run("set", [key, value, ...setArguments(options)]),
    mget: (...keys) => run("mget", keys),
    mset: (entries) => run("mset", Object.entries(entries).flat()),
    del: (...keys) => run("del", keys),
    exists: (...keys) => run("exists", keys),
    expire: (key, seconds) => run("expire", [key, seconds]),
    incr: (key) => run("incr", [key]),
    eval: (script, keys, args) => run("eval", [script, keys.length, ...keys, ...args]),
    hset: (key, entries) => run("hset", [key, ...Object.entries(entries).flat()]),
    hget: (key, field) => run("hget", [key, field]),
    hmget: (key, ...fields) => run("hmget", [key, ...fields], (reply) => {
      const values = reply as unknown[];
      if (values.every((v) => v === null)) return null;
      return Object.fromEntries(fields.map((field, i) => [field, deserializeRedisReply(values[i])]));
    }),
    hgetall: (key) => run("hgetall", [key], hashReply),
    hdel: (key, ...fields) => run("hdel", [key, ...fields]),
    hlen: (key) => run("hlen", [key]),
    hexists: (key, field) => run("hexists", [key, field]),
    hscan: (key, cursor, options) => run("hscan", [
      key, cursor, ...(options?.match ? ["MATCH", options.match] : []), ...(typeof options?.count === "number" ? ["COUNT", options.count] : []),
    ], (reply) => {
      const [next, flat] = reply as [string, unknown[]];
      return [String(next), deserializeRedisReply(flat)];
    }),
    zadd: (key, { score, member }) => run("zadd", [key, score, member]),
    zrem: (key, ...members) => run("zrem", [key, ...members]),
    zremrangebyscore: (key, min, max) => run("zremrangebyscore", [key, min, max]),
    ping: () => run("ping", []),
    pipeline: () => createPipeline(client, timeouts),
  };

  return {
    redis,
    ready: async (timeoutMs = 5_000) => {
      if (client.status === "ready") return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => { client.off("ready", onReady); resolve(false); }, timeoutMs);
        const onReady = () => { clearTimeout(timer); resolve(true); };
        client.once("ready", onReady);
      });
    },
    close: async () => {
      // QUIT lets replies in flight arrive; a server that does not answer it within a second is dropped, so a stop
      // already at the end of its grace is not held by Redis.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const dropped = new Promise<void>((resolve) => { timer = setTimeout(() => { client.disconnect(); resolve(); }, 1_000); });
      await Promise.race([client.quit().catch(() => client.disconnect()), dropped]);
      clearTimeout(timer);
    },
  };
}

type TimeoutWatch = { answered: () => void; failed: (error: unknown) => void };

/** Counts command timeouts in a row (any answer resets it); at `RECONNECT_AFTER_TIMEOUTS` the connection is replaced. */
function watchTimeouts(client: IORedis): TimeoutWatch {
  let inARow = 0;
  return {
    answered: () => { inARow = 0; },
    failed: (error) => {
      // ioredis's own message for `commandTimeout` (Command.js); a Redis reply error is an answer.
      if (error instanceof ReplyError) inARow = 0;
      else if (error instanceof Error && error.message === "Command timed out" && ++inARow >= RECONNECT_AFTER_TIMEOUTS) {
        inARow = 0;
        // `disconnect(true)` drops the stream and reconnects (retryStrategy); commands on the dead one fail now.
        client.disconnect(true);
      }
    },
  };
}

/** Queued commands sent in one round trip; like Upstash's pipeline, `exec` fails when any command failed. */
function createPipeline(client: IORedis, timeouts: TimeoutWatch): RedisPipeline {
  const commands: Array<{ command: string; args: unknown[]; deserialize: Deserialize }> = [];
  const pipeline: RedisPipeline = {
    hgetall(key) {
      commands.push({ command: "hgetall", args: [key], deserialize: hashReply });
      return pipeline;
    },
    incr(key) {
      commands.push({ command: "incr", args: [key], deserialize: deserializeRedisReply });
      return pipeline;
    },
    expire(key, seconds) {
      commands.push({ command: "expire", args: [key, seconds], deserialize: deserializeRedisReply });
      return pipeline;
    },
    pexpire(key, milliseconds) {
      commands.push({ command: "pexpire", args: [key, milliseconds], deserialize: deserializeRedisReply });
      return pipeline;
    },
    hset(key, entries) {
      commands.push({ command: "hset", args: [key, ...Object.entries(entries).flat()], deserialize: deserializeRedisReply });
      return pipeline;
    },
    hdel(key, ...fields) {
      commands.push({ command: "hdel", args: [key, ...fields], deserialize: deserializeRedisReply });
      return pipeline;
    },
    async exec<TResults extends unknown[]>() {
      const queued = client.pipeline();
      for (const { command, args } of commands) queued.call(command, ...args.map(serializeRedisValue));
      let replies: [Error | null, unknown][] | null;
      try {
        replies = await queued.exec();
      } catch (error) {
        timeouts.failed(error);
        throw asRedisError(error);
      }
      if (!replies) throw asRedisError(new Error("pipeline aborted"));
      const timedOut = replies.find(([error]) => error && !(error instanceof ReplyError))?.[0];
      if (timedOut) timeouts.failed(timedOut);
      else timeouts.answered();
      return replies.map(([error, reply], i) => {
        if (error) throw asRedisError(error);
        return commands[i]!.deserialize(reply);
      }) as TResults;
    },
  };
  return pipeline;
}

/** ioredis hands `HGETALL` back as an object (also through `call`); Upstash's rules apply to it flat. */
function hashReply(reply: unknown): unknown {
  return deserializeRedisHash(Array.isArray(reply) ? reply : Object.entries(reply as Record<string, unknown>).flat());
}

/** A Redis error reply (a script's error, a wrong type) stays as it is; anything else is the transport failing. */
function asRedisError(error: unknown): Error {
  if (error instanceof ReplyError) return error as Error;
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(`Redis encountered a connection error: ${message}`, { cause: error }), { code: "ECONNRESET" });
}
