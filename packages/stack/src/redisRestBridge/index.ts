/**
 * Upstash REST bridge for a local Redis.
 *
 * Production talks to Upstash Redis over its REST protocol (`@upstash/redis`, `@upstash/ratelimit`). Locally and
 * in tests we run a real Redis, which speaks only RESP, and no npm package serves the REST protocol in front of
 * it; this small server does, so the same client code runs everywhere. It covers what those clients send:
 *
 * - `POST /` with a command array `["SET","k","v"]` → `{"result": …}`; a Redis error → HTTP 400 `{"error": "…"}`;
 * - `POST /pipeline` with an array of commands → `[{"result": …} | {"error": "…"}, …]` (not atomic);
 * - `POST /multi-exec` → the same array, run in MULTI/EXEC; a transaction Redis refuses → HTTP 400 `{"error"}`;
 * - `Authorization: Bearer <token>` is required (401 otherwise);
 * - `Upstash-Encoding: base64` → every string in the result is base64 of its bytes (numbers and null as they are),
 *   which keeps binary values intact through JSON;
 * - Lua shebang flags Redis 7.0 does not know are dropped (see `luaShebang.ts`).
 *
 * With a `counter`, every command is counted by name (a pipeline's and a transaction's each), and every HTTP request
 * as one round trip: what a benchmark reads as Redis commands per request.
 *
 * One shared Redis connection serves all requests, so blocking commands (BLPOP, …) and SUBSCRIBE are out of scope.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { ScriptShaMap, type PreparedCommand } from "./luaShebang.js";
import type { OperationCounter } from "../counting/createOperationCounter.js";

export type RedisRestBridgeOptions = {
  /** e.g. `redis://127.0.0.1:6379/3`; the path selects the logical database. */
  redisUrl: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Bearer token clients must send; a random one when omitted. */
  token?: string;
  /** Counts commands (area `redis`) and requests (its round trips). */
  counter?: OperationCounter;
};

export type RedisRestBridge = { url: string; token: string; close(): Promise<void> };

type CommandOutcome = { result: unknown } | { error: string };

class BadRequest extends Error {}

export async function startRedisRestBridge(options: RedisRestBridgeOptions): Promise<RedisRestBridge> {
  const { redisUrl, host = "127.0.0.1", port = 0, token = randomBytes(16).toString("hex") } = options;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const scripts = new ScriptShaMap();

  async function runOne(prepared: PreparedCommand): Promise<unknown> {
    const [name, ...rest] = prepared.args;
    // Upper-case names keep ioredis from reshaping replies (it turns `hgetall` into an object, for one).
    const reply = await redis.callBuffer(name!.toUpperCase(), ...rest);
    return prepared.mapReply ? prepared.mapReply(reply) : reply;
  }

  async function runPipeline(commands: PreparedCommand[]): Promise<CommandOutcome[]> {
    const settled = await Promise.allSettled(commands.map(runOne));
    return settled.map((s) => (s.status === "fulfilled" ? { result: s.value } : { error: errorMessage(s.reason) }));
  }

  async function runTransaction(commands: PreparedCommand[]): Promise<CommandOutcome[]> {
    const multi = redis.multi();
    for (const { args: [name, ...rest] } of commands) multi.callBuffer(name!.toUpperCase(), ...rest);
    const replies = await multi.exec().catch((error: Error & { previousErrors?: Error[] }) => {
      // EXECABORT alone does not say what was wrong; the queueing errors do.
      const causes = (error.previousErrors ?? []).map((e) => e.message);
      throw new Error([error.message, ...causes].join(" "));
    });
    return (replies ?? []).map(([error, reply], i) => {
      if (error) return { error: errorMessage(error) };
      const mapReply = commands[i]?.mapReply;
      return { result: mapReply ? mapReply(reply) : reply };
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${token}`) return sendJson(res, 401, { error: "Unauthorized" });
    const path = new URL(req.url ?? "/", "http://bridge").pathname;
    if (req.method !== "POST") return sendJson(res, 405, { error: "Only POST is supported" });
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const encode = (value: unknown) => toJsonValue(value, base64);
    const body: unknown = JSON.parse(await readBody(req));
    if (options.counter) countCommands(options.counter, body);

    if (path === "/") {
      try {
        return sendJson(res, 200, { result: encode(await runOne(scripts.prepare(toCommand(body)))) });
      } catch (error) {
        return sendJson(res, 400, { error: errorMessage(error) });
      }
    }
    if (path === "/pipeline" || path === "/multi-exec") {
      if (!Array.isArray(body) || body.length === 0) throw new BadRequest("ERR expected a non-empty array of commands");
      const commands = body.map((command) => scripts.prepare(toCommand(command)));
      let outcomes: CommandOutcome[];
      try {
        outcomes = path === "/pipeline" ? await runPipeline(commands) : await runTransaction(commands);
      } catch (error) {
        return sendJson(res, 400, { error: errorMessage(error) });
      }
      return sendJson(res, 200, outcomes.map((o) => ("result" in o ? { result: encode(o.result) } : o)));
    }
    return sendJson(res, 404, { error: `Unknown path ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof BadRequest || error instanceof SyntaxError ? 400 : 500;
      if (!res.headersSent) sendJson(res, status, { error: errorMessage(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://${host}:${address.port}`,
    token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit();
    },
  };
}

function countCommands(counter: OperationCounter, body: unknown): void {
  counter.roundTrip("redis");
  const commands = Array.isArray(body) && Array.isArray(body[0]) ? body : [body];
  for (const command of commands) {
    const name = Array.isArray(command) && typeof command[0] === "string" ? command[0].toUpperCase() : "INVALID";
    counter.count("redis", name);
  }
}

/** A command arrives as a JSON array of strings (the client stringifies numbers only sometimes, so accept them). */
function toCommand(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== "string") {
    throw new BadRequest("ERR a command must be a non-empty JSON array starting with the command name");
  }
  return value.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg)));
}

/** Buffers become strings (base64 of their bytes when asked), recursively; numbers and null stay as they are. */
function toJsonValue(value: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(value)) return (value as Buffer).toString(base64 ? "base64" : "utf8");
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item, base64));
  if (value instanceof Error) return value.message;
  return value ?? null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
