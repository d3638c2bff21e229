export * from "./startStack.js";
export * from "./process/freePort.js";
export * from "./process/startProcess.js";
export * from "./wrangler/startWrangler.js";
