/** DEPLOY.md's table of settings is the configurations' own: a worker, kind and name for every declared setting. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@sluice/stack";
import { readWorkerConfigs } from "./readWorkerConfigs.js";

describe("DEPLOY.md", () => {
  it("lists exactly the settings each wrangler configuration declares", () => {
    const guide = readFileSync(join(REPO_ROOT, "DEPLOY.md"), "utf8");
    const documented = [...guide.matchAll(/^\| (sluice-[a-z-]+) \| (var|secret) \| `([A-Z_]+)` \|/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
    const declared = readWorkerConfigs(REPO_ROOT).flatMap((w) => [
      ...w.vars.map((v) => `${w.name} var ${v}`), ...w.secrets.map((s) => `${w.name} secret ${s}`),
    ]).sort();
    expect(documented).toEqual(declared);
  });
});
