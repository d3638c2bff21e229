import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/**
 * A deployment's secrets from a file that is never committed: JSON (`{ "NAME": "value" }`; a non-string value, such
 * as `SLUICE_CHAINS` written as an object, is sent as its JSON text) or .env (`NAME=value` lines). Throws an Error
 * naming the file and what is wrong.
 */
export function readSecretsFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`--secrets: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (text.trimStart().startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`--secrets: ${path} is not valid JSON (${(error as Error).message})`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error(`--secrets: ${path} must hold one JSON object of NAME: value`);
    return Object.fromEntries(Object.entries(parsed).map(([name, value]) => {
      if (value === null || value === undefined) throw new Error(`--secrets: ${name} in ${path} is null`);
      return [name, typeof value === "string" ? value : JSON.stringify(value)];
    }));
  }
  return parseEnv(text) as Record<string, string>;
}
