import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileContracts } from "@sluice/contracts";
import { describe, expect, it } from "vitest";

/** The committed artifacts of a contracts folder are exactly a fresh, reproducible compile of it. */
export function describeCommittedArtifacts(contractsDir: string, artifactsDir: string) {
  describe("Solidity artifacts", () => {
    it("the committed artifacts are exactly a fresh compile of contracts/", () => {
      const fresh = compileContracts(contractsDir);
      const committed = readdirSync(artifactsDir).filter((f) => f.endsWith(".json")).sort();
      expect(committed).toEqual([...fresh.keys()].sort());
      for (const [name, content] of fresh) expect(readFileSync(join(artifactsDir, name), "utf8"), name).toBe(content);
    });

    it("compiling twice gives identical output", () => {
      expect([...compileContracts(contractsDir)]).toEqual([...compileContracts(contractsDir)]);
    });
  });
}
