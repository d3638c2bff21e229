export * as schema from "./schema.js";
export * from "./createDb.js";
