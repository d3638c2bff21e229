import { DependencyDownError } from "../errors/DependencyDownError.js";

/**
 * Redis error replies that mean "not now" rather than "not this command": the server is loading its data, busy with a
 * script, without a reachable primary; and Upstash's own plan limits (requests, bandwidth, connections).
 */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY)\b|^ERR max [\w ]*(limit|connections) exceeded/i;
/** A Redis error reply starts with its code in capitals (`ERR`, `WRONGTYPE`, `NOSCRIPT`…): Redis answered the command. */
const REDIS_REPLY = /^[A-Z][A-Z0-9_]+ /;
/** How the Upstash client words a non-2xx answer: the service's `error`, then the command (values included). */
const HTTP_FAILURE = ", command was: ";

/**
 * What one failed Upstash REST request was: a `DependencyDownError` when Redis cannot be said to have answered it,
 * else the error as it is (a command Redis refused, a value that cannot be serialised: bugs, 500).
 *
 * - an abort: the only signal on this client's requests is its own bound (`createRedis`), so this is a timeout;
 * - a body that is not JSON (`UpstashJSONParseError`): not the REST endpoint speaking, e.g. a proxy's HTML 502;
 * - a non-2xx answer whose error is not a Redis error reply (`Unauthorized`, `Service Unavailable`, a bridge that lost
 *   its Redis), or is one saying Redis cannot serve now. The client keeps no status, only this wording: a command
 *   Redis refused is a 400 with Redis's own reply, which starts with its code in capitals.
 *
 * A refused connection (`fetch failed`, workerd's `Network connection lost`) is left as it is: `isDependencyDown`
 * already knows those messages, and the client throws them unchanged.
 */
export function upstashRequestFailure(error: unknown, timeoutMs: number): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? "");
  if (name === "TimeoutError" || name === "AbortError") {
    return new DependencyDownError("Redis", `no answer within ${timeoutMs} ms`, { cause: error });
  }
  if (name === "UpstashJSONParseError") {
    return new DependencyDownError("Redis", "the REST endpoint answered something other than JSON (a proxy's error page?)", { cause: error });
  }
  if (name === "UpstashError" && message.includes(HTTP_FAILURE)) {
    const reply = message.slice(0, message.indexOf(HTTP_FAILURE));
    if (!REDIS_REPLY.test(reply) || UNAVAILABLE_REPLY.test(reply)) {
      // The command (and its values) stays out of the message, which is logged; the cause keeps it.
      return new DependencyDownError("Redis", `the REST endpoint answered an error: ${reply.slice(0, 200)}`, { cause: error });
    }
  }
  return error;
}
