import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeCommittedArtifacts } from "@sluice/testkit";
import { artifactsDir, contractsDir } from "../paths.js";
import { coreExecutorAbiPath, executorAbiSource } from "./writeExecutorAbi.js";
import { coreStateOverrideCodePath, stateOverrideCodes, stateOverrideCodeSource } from "./writeStateOverrideCode.js";

describeCommittedArtifacts(contractsDir, artifactsDir);

describe("core's executor ABI", () => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreExecutorAbiPath, "utf8")).toBe(executorAbiSource());
  });
});

describe.each(stateOverrideCodes)("core's $contract", (code) => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreStateOverrideCodePath(code), "utf8")).toBe(stateOverrideCodeSource(code));
  });
});
