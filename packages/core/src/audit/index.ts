export * from "./auditAdminRequest.js";
export * from "./listAdminActions.js";
export * from "./recordAdminAction.js";
export * from "./redactAdminRequest.js";
