import { SluiceError } from "../errors/SluiceError.js";

/** A position in the newest-first event list: the last event's time (UTC, microseconds) and id. */
export type UsageCursor = { time: string; id: string };

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** A real instant from 1970 on: the calendar round-trips it (no month 13, no 30 February, no 24 o'clock). */
function isRealTime(time: string): boolean {
  if (!TIME.test(time)) return false;
  const date = new Date(`${time.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1970 && date.toISOString().slice(0, 23) === time.slice(0, 23);
}

/** Opaque to partners: base64url of the position. */
export function encodeUsageCursor(cursor: UsageCursor): string {
  return btoa(JSON.stringify([cursor.time, cursor.id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeUsageCursor(value: string): UsageCursor {
  try {
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && isRealTime(parsed[0])
      && typeof parsed[1] === "string" && /^[0-9A-Za-z_-]{1,128}$/.test(parsed[1])) {
      return { time: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new SluiceError("MALFORMED_REQUEST", "cursor: is not a cursor this endpoint returned");
}
