export * from "./apiKeyFormat.js";
export * from "./hashApiKey.js";
export * from "./generateApiKey.js";
export * from "./apiKeyCache.js";
export * from "./authenticateApiKey.js";
export * from "./rateLimitApiKey.js";
export * from "./apiKeyLastUsed.js";
export * from "./constantTimeEqual.js";
