/**
 * The stack's fault proxies, for unit tests that take a real dependency away and give it back: a TCP proxy (Postgres
 * over `pg`, Redis over TCP) and the Neon WebSocket proxy (Postgres over Neon's driver).
 */
export { startTcpProxy, type TcpProxy } from "@sluice/stack/faults/startTcpProxy";
export { startNeonWsProxy, type NeonWsProxy } from "@sluice/stack/neon/startNeonWsProxy";
export { useNodeWebSocketForNeon } from "@sluice/stack/neon/useNodeWebSocketForNeon";
