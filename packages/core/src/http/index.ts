export * from "./env.js";
export * from "./createApp.js";
export * from "./services.js";
export * from "./requireApiKey.js";
export * from "./openapi.js";
export * from "./requireAdminToken.js";
export * from "./registerOpenApiDocument.js";
export * from "./publicCors.js";
