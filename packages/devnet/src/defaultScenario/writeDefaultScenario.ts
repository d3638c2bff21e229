/** `pnpm --filter @sluice/devnet scenario:default`: regenerates scenarios/default.json (commit the result). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { scenariosDir } from "../paths.js";
import { parseScenario } from "../scenario/parseScenario.js";
import { resolveScenario } from "../scenario/resolveScenario.js";
import { buildDefaultScenario } from "./buildDefaultScenario.js";

const scenario = buildDefaultScenario();
const resolved = resolveScenario(parseScenario(scenario)); // refuse to write a scenario the devnet would refuse
const path = join(scenariosDir, "default.json");
writeFileSync(path, formatScenario(scenario));
for (const chain of Object.values(resolved.chains)) console.log(`${chain.name}: ${chain.tokens.length} tokens, ${chain.pools.length} pools`);
console.log(`wrote ${path}`);

/** One token, pool or wallet per line: a scenario is read as a table. */
function formatScenario(value: ReturnType<typeof buildDefaultScenario>): string {
  const list = (items: readonly unknown[]) => items.map((item) => `        ${JSON.stringify(item)}`).join(",\n");
  const chainsText = Object.entries(value.chains).map(([name, chain]) =>
    `    ${JSON.stringify(name)}: {\n      "tokens": [\n${list(chain.tokens)}\n      ],\n      "pools": [\n${list(chain.pools)}\n      ],\n` +
    `      "wallets": [\n${list(chain.wallets)}\n      ]\n    }`).join(",\n");
  const text = `{\n  "name": ${JSON.stringify(value.name)},\n  "chains": {\n${chainsText}\n  }\n}\n`;
  JSON.parse(text); // the layout must still be valid JSON
  return text;
}
