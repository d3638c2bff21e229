export * from "./logEvent.js";
export * from "./requestLog.js";
export * from "./recordRequestMetric.js";
export * from "./redactUrlSecrets.js";
export * from "./errorText.js";
