/**
 * Sluice's Solidity pipeline: every `.sol` file under a package's `contracts/` is compiled with the pinned npm `solc`
 * (bundled soljson, so it works offline) and fixed settings, into one JSON artifact per contract under its
 * `artifacts/`. Used for the production contracts here and the devnet's own. The artifacts are committed; a test
 * checks they equal a fresh compile, so the output must be byte-for-byte reproducible: sorted inputs, source names
 * relative to `contracts/`, stable JSON.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";

const require = createRequire(import.meta.url);
type Solc = { version(): string; compile(input: string, options?: object): string };
/** Loaded on first use: the bundled soljson takes a while to load and nothing but compiling needs it. */
const loadSolc = (): Solc => require("solc") as Solc;

/** Changing any of these changes every bytecode: do it on purpose and recompile. */
export const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;
export const expectedSolcVersion = "0.8.37";

export type Artifact = {
  contractName: string;
  sourceName: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
};

/** Compiles every contract in `folder`; returns artifact file name → file content (stable JSON text). */
export function compileContracts(folder: string): Map<string, string> {
  const solc = loadSolc();
  const version = solc.version();
  if (!version.startsWith(`${expectedSolcVersion}+`)) {
    throw new Error(`solc ${expectedSolcVersion} expected, found ${version}: pin the solc dependency`);
  }
  const files = listSolidityFiles(folder);
  const sources: Record<string, { content: string }> = {};
  for (const file of files) sources[sourceName(folder, file)] = { content: readFileSync(file, "utf8") };

  const input = { language: "Solidity", sources, settings: compilerSettings };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: (path: string) => findImport(folder, path) })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`Solidity compile failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);

  const artifacts = new Map<string, string>();
  for (const source of Object.keys(output.contracts ?? {}).sort()) {
    if (!(source in sources)) continue; // imported library code is not ours to publish
    for (const [contractName, compiled] of Object.entries(output.contracts![source]!).sort(([a], [b]) => a.localeCompare(b))) {
      // Interfaces and abstract contracts have no bytecode: nothing to deploy, so no artifact (and no name clashes
      // between the interfaces that different contracts declare).
      if (compiled.evm.bytecode.object === "") continue;
      const fileName = `${contractName}.json`;
      if (artifacts.has(fileName)) throw new Error(`Two contracts are named ${contractName}; rename one`);
      const artifact: Artifact = {
        contractName,
        sourceName: source,
        abi: compiled.abi,
        bytecode: `0x${compiled.evm.bytecode.object}`,
        deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
      };
      artifacts.set(fileName, `${JSON.stringify(artifact, null, 2)}\n`);
    }
  }
  return artifacts;
}

function listSolidityFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...listSolidityFiles(path));
    else if (entry.name.endsWith(".sol")) found.push(path);
  }
  return found.sort();
}

/** Source names are relative to the contracts folder and use `/`, so they never depend on the checkout's location. */
function sourceName(folder: string, file: string): string {
  return relative(folder, file).split(sep).join("/");
}

/** Resolves imports relative to the contracts folder first, then `@scope/pkg/...` from node_modules. */
function findImport(folder: string, path: string): { contents: string } | { error: string } {
  try {
    const local = join(folder, path);
    if (existsSync(local)) return { contents: readFileSync(local, "utf8") };
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch {
    return { error: `File not found: ${path}` };
  }
}
