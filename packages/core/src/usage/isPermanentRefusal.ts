import { SluiceError } from "../errors/SluiceError.js";

/**
 * True when Postgres (or the event's own validation) refused a usage event for good: writing it again can only fail
 * the same way. That is an invalid event (MALFORMED_REQUEST), a data exception (SQLSTATE class 22) or an integrity
 * violation (class 23: an account that does not exist). Anything else — too many connections (53300), a deadlock
 * (40P01), a serverless driver's "couldn't connect to compute node", a statement timeout — passes, and the event
 * must be written again later rather than parked: it may be a mined swap that has yet to be credited.
 */
export function isPermanentRefusal(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof SluiceError && e.code === "MALFORMED_REQUEST") return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
