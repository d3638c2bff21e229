export * from "./addressRules.js";
export * from "./webhookUrl.js";
export * from "./webhookSecrets.js";
export * from "./webhookEvents.js";
export * from "./webhookEndpoints.js";
export * from "./webhookResource.js";
export * from "./deliverWebhooks.js";
export * from "./webhookPayloads.js";
