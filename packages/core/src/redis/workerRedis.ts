import { SluiceError } from "../errors/SluiceError.js";
import { createRedis } from "./createRedis.js";
import type { Redis } from "./redisClient.js";

/** A host that keeps its own Redis connection hands it to the areas as this binding (the Node host's TCP client). */
export type RedisBinding = { REDIS?: Redis };

export type WorkerRedisParameters = {
  config: { REDIS_REST_URL?: string; REDIS_REST_TOKEN?: string };
  /** The worker's environment: its bindings beside its settings. */
  bindings: object;
  /** The REST client's bound on one command (`createRedis`); the Node host's TCP client has its own. */
  timeoutMs?: number;
};

/**
 * The Redis a worker uses: the host's connection when it gives one (`REDIS`, the Node host), else the Upstash REST
 * client of its settings (Workers, where `wrangler.toml` requires them).
 */
export function workerRedis({ config, bindings, timeoutMs }: WorkerRedisParameters): Redis {
  const given = (bindings as RedisBinding).REDIS;
  if (given) return given;
  if (!config.REDIS_REST_URL || !config.REDIS_REST_TOKEN) {
    throw new SluiceError("DEPENDENCY_DOWN", "This Sluice deployment is misconfigured; the operator has been alerted", {
      hint: "REDIS_REST_URL and REDIS_REST_TOKEN are required on Workers (REDIS_URL is for the Node host)",
    });
  }
  return createRedis({ url: config.REDIS_REST_URL, token: config.REDIS_REST_TOKEN, timeoutMs });
}
