import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Folders of the devnet package, independent of where the checkout lives. */
export const devnetPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const contractsDir = join(devnetPackageDir, "contracts");
export const artifactsDir = join(devnetPackageDir, "artifacts");
export const scenariosDir = join(devnetPackageDir, "scenarios");
