import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeCommittedArtifacts } from "@sluice/testkit";
import { artifactsDir, contractsDir } from "../paths.js";
import { coreExecutorAbiPath, executorAbiSource } from "./writeExecutorAbi.js";

describeCommittedArtifacts(contractsDir, artifactsDir);

describe("core's executor ABI", () => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreExecutorAbiPath, "utf8")).toBe(executorAbiSource());
  });
});
