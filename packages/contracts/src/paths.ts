import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Folders of the contracts package, independent of where the checkout lives. */
export const contractsPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const contractsDir = join(contractsPackageDir, "contracts");
export const artifactsDir = join(contractsPackageDir, "artifacts");
