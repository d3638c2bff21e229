export * from "./logEvent.js";
export * from "./requestLog.js";
