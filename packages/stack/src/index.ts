export * from "./startStack.js";
export * from "./process/freePort.js";
export * from "./process/startProcess.js";
export * from "./wrangler/startWrangler.js";
export * from "./redisRestBridge/index.js";
export { prepareGatewayAssets } from "@sluice/worker-gateway/src/prepareGatewayAssets.js";
export * from "./requireLocalServices.js";
export * from "./soak/index.js";
export * from "./counting/index.js";
