import type { MiddlewareHandler } from "hono";
import { createDbFromConfig, type CreateDbReturnType } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { workerRedis } from "../redis/workerRedis.js";
import { SluiceError } from "../errors/SluiceError.js";
import { chainById, type ChainName } from "../chains/chains.js";
import { createRequestChain, type RequestChain } from "./createRequestChain.js";
import type { AppEnv, Services } from "./env.js";
import type { IsolateCaches } from "./isolateCaches.js";
import { timeStage } from "./timeStage.js";
import { createTokenQualitySource } from "../tokenQuality/createTokenQualitySource.js";
import { errorText } from "../observability/errorText.js";
import { logEvent } from "../observability/logEvent.js";

/**
 * Builds the request's services (database, Redis, chains) once, lazily, and closes what was opened after the
 * response is sent.
 */
export function services(caches: IsolateCaches): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = c.get("config");
    let database: CreateDbReturnType | undefined;
    let redis: Redis | undefined;
    const chainsBuilt = new Map<ChainName, RequestChain>();
    // Its own short-lived connection per read: a graph indexed on the spot may finish after this request's is closed.
    const quality = createTokenQualitySource({ redis: () => built.redis, openDb: () => createDbFromConfig(config) });
    const built: Services = {
      get db() {
        database ??= createDbFromConfig(config, { queryTimeoutMs: c.get("queryTimeoutMs") });
        return database.db;
      },
      caches,
      time: timeStage(c),
      background(work) {
        const settled = work.catch((error: unknown) => logEvent("error", "background work failed", {
          requestId: c.get("requestId") as string | undefined, error: errorText(error),
        }));
        try {
          c.executionCtx.waitUntil(settled);
        } catch {
          // no execution context (app.request in a script): the work still runs
        }
      },
      get redis() {
        redis ??= workerRedis({ config, bindings: c.env as object });
        return redis;
      },
      servedChain(nameOrId) {
        const name = typeof nameOrId === "number" ? chainById(nameOrId)?.name : nameOrId;
        if (!name) return undefined;
        try {
          return built.chain(name);
        } catch (error) {
          if (error instanceof SluiceError && error.code === "UNSUPPORTED_CHAIN") return undefined;
          throw error;
        }
      },
      chain(name) {
        let chain = chainsBuilt.get(name);
        if (!chain) {
          chain = createRequestChain({ env: config, name, redis: () => built.redis, caches, quality, background: built.background });
          chainsBuilt.set(name, chain);
        }
        return chain;
      },
    };
    c.set("services", built);
    try {
      await next();
    } finally {
      if (database) {
        const closing = database.close();
        try {
          c.executionCtx.waitUntil(closing);
        } catch {
          await closing; // no execution context (e.g. app.request in a script): close inline
        }
      }
    }
  };
}
