import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { artifactsDir, contractsDir } from "../paths.js";
import { compileContracts } from "./compileContracts.js";
import { coreExecutorAbiPath, executorAbiSource } from "./writeExecutorAbi.js";

describe("Solidity artifacts", () => {
  it("the committed artifacts are exactly a fresh compile of contracts/", () => {
    const fresh = compileContracts(contractsDir);
    const committed = readdirSync(artifactsDir).filter((f) => f.endsWith(".json")).sort();
    expect(committed).toEqual([...fresh.keys()].sort());
    for (const [name, content] of fresh) expect(readFileSync(join(artifactsDir, name), "utf8"), name).toBe(content);
  });

  it("core's executorAbi.ts is generated from the committed artifact", () => {
    expect(readFileSync(coreExecutorAbiPath, "utf8")).toBe(executorAbiSource());
  });

  it("compiling twice gives identical output", () => {
    expect([...compileContracts(contractsDir)]).toEqual([...compileContracts(contractsDir)]);
  });
});
