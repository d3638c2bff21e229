import { OpenAPIHono } from "@hono/zod-openapi";
import { timing } from "hono/timing";
import { requestLog } from "../observability/requestLog.js";
import { formatZodIssue } from "../errors/formatZodIssue.js";
import { onError } from "../errors/onError.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { z } from "zod";
import { readWorkerConfig } from "../config/readWorkerConfig.js";
import type { AppEnv } from "./env.js";
import { jsonNotFound } from "./jsonNotFound.js";
import { limitRequestBody } from "./limitRequestBody.js";
import { failureFields } from "./failureFields.js";
import { createIsolateCaches, type IsolateCaches } from "./isolateCaches.js";
import { publicCors } from "./publicCors.js";
import { assignRequestId } from "./assignRequestId.js";
import { services } from "./services.js";

/**
 * The Hono app every worker starts from: zod validation failures become MALFORMED_REQUEST naming the field,
 * every error goes through the one `onError`, unknown paths answer a JSON 404, and each request gets an id of its own, the
 * worker's parsed configuration and its lazily built services.
 */
export type CreateAppParameters = {
  /** The worker's configuration schema (`sluiceConfigSchema` extended), parsed once per isolate into `c.get("config")`. */
  config: z.ZodType;
  /** The worker's name in logs and metrics (`swap`, `tokens`, …). */
  name: string;
  /** The paths whose answers carry CORS headers (`publicCors`); default the public API, `/api/v1/*`. */
  corsPaths?: string;
  /** What the worker keeps between requests (default: a fresh set for this app, i.e. this isolate). */
  caches?: IsolateCaches;
  /**
   * Per path, the fields every failure there carries (`failureFields`; `/api/v1/route`'s `gaslessEligible`), set
   * before anything can fail: the body limit and the settings refuse a request before the route's own middleware runs.
   */
  failureFields?: Record<string, Record<string, unknown>>;
};

export function createApp<E extends AppEnv = AppEnv>(
  { name, config, caches = createIsolateCaches(), corsPaths = "/api/v1/*", failureFields: failureFieldsByPath = {} }: CreateAppParameters,
) {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) {
        // The validator hands the hook what it validated (`data`) and where it came from (`target`).
        const { data: input, target } = result as unknown as { data?: unknown; target?: string };
        const textual = target === "query" || target === "param" || target === "header";
        throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(result.error.issues[0]!, { input, textual }));
      }
    },
  });
  // Never the client's X-Request-Id (`assignRequestId`).
  app.use("*", assignRequestId());
  app.use("*", timing({ crossOrigin: true, totalDescription: "total" }));
  app.use("*", requestLog(name));
  app.use(corsPaths, publicCors());
  for (const [path, defaults] of Object.entries(failureFieldsByPath)) app.use(path, failureFields(defaults));
  app.use("*", limitRequestBody());
  app.use("*", async (c, next) => {
    c.set("config" as never, readWorkerConfig(config, c.env as object) as never);
    await next();
  });
  app.use("*", services(caches) as never);
  app.onError(onError);
  app.notFound(jsonNotFound);
  return app;
}
