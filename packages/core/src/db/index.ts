export * as schema from "./schema/index.js";
export * from "./createDb.js";
export * from "./withStatementTimeout.js";
