import { callSluice } from "./callSluice.js";
import type { RouteAnswer, SluiceConnection, SwapRequest } from "./clientTypes.js";

/** `POST /api/v1/route`: the quote and, for a swap Sluice can execute, the ready-to-sign Permit2 `permit`. */
export function requestRoute(connection: SluiceConnection, request: SwapRequest): Promise<RouteAnswer & { status: number }> {
  return callSluice<RouteAnswer>(connection, "/api/v1/route", request);
}
