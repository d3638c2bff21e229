import { readFileSync } from "node:fs";
import { chainNames } from "@sluice/core";
import { scenarioSchema, type Scenario } from "./scenarioSchema.js";
import { fieldPath, ScenarioError } from "./scenarioError.js";

/** Checks a scenario's shape; throws a ScenarioError naming the first bad field. */
export function parseScenario(input: unknown): Scenario {
  const parsed = scenarioSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    const field = fieldPath([...issue.path, key]);
    if (issue.path.length === 1 && issue.path[0] === "chains") {
      throw new ScenarioError(field, `unknown chain; must be one of ${chainNames.join(", ")}`);
    }
    throw new ScenarioError(field, "unknown field");
  }
  throw new ScenarioError(fieldPath(issue.path) || "(scenario)", issue.message);
}

export function readScenarioFile(path: string): Scenario {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ScenarioError(path, `cannot read the scenario file: ${(error as Error).message}`);
  }
  return parseScenario(json);
}
