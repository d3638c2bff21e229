import { neonConfig } from "@neondatabase/serverless";
import { WebSocket } from "ws";

/**
 * Makes Neon's driver usable from a Node test: Node 20 has no global WebSocket (workerd and Node 22 have one), and the
 * driver then takes a constructor instead. Global to the driver, like the rest of `neonConfig`.
 */
export function useNodeWebSocketForNeon(): void {
  neonConfig.webSocketConstructor ??= WebSocket as unknown as typeof neonConfig.webSocketConstructor;
}
