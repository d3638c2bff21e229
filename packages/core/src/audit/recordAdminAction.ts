import type { Database } from "../db/createDb.js";
import { adminActions } from "../db/schema/audit.js";
import { newId } from "../ids/newId.js";
import { logEvent } from "../observability/logEvent.js";
import { redactAdminRequest } from "./redactAdminRequest.js";

export type RecordAdminActionParameters = {
  surface: "api" | "dashboard" | "cli";
  actor: string;
  action: string;
  target?: Record<string, string>;
  request?: unknown;
  status: number;
  errorCode?: string;
  /** Also write the `admin.action` log line (default true; the CLI, whose output is its JSON answer, says false). */
  log?: boolean;
};

/**
 * Records one operator action in `admin_actions` and as an `admin.action` log line (Workers Logs keep it even when
 * the database does not answer). Never throws: the action has already happened; a failed write is logged as an
 * error with everything the row would have held.
 */
export async function recordAdminAction(db: Database, params: RecordAdminActionParameters): Promise<void> {
  const row = {
    id: newId("adm"), surface: params.surface, actor: params.actor, action: params.action, target: params.target ?? {},
    request: params.request === undefined ? null : redactAdminRequest(params.request), status: params.status, errorCode: params.errorCode ?? null,
  };
  const logged = { ...row, target: JSON.stringify(row.target), request: row.request === null ? null : JSON.stringify(row.request) };
  if (params.log !== false) logEvent(params.status < 400 ? "info" : "warn", "admin.action", logged);
  try {
    await db.insert(adminActions).values(row);
  } catch (error) {
    logEvent("error", "admin.action.unrecorded", { ...logged, error: (error as Error).message });
  }
}
