export * from "./migrateDatabase.js";
export * from "./resolveConfig.js";
export * from "./adminCommands.js";
export * from "./doctor/runDoctor.js";
