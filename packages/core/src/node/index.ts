/**
 * `@sluice/core/node`: what only a Node process can use (TCP sockets), kept out of the main barrel so no worker
 * bundles it.
 */
export * from "./createTcpRedis.js";
