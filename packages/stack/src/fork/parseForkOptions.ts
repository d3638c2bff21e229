import { chainNames, isChainName, type ChainName } from "@sluice/core";

/** `--fork base=https://… --fork ethereum=…` → the chains to fork and their RPCs; a clear message for anything else. */
export function parseForkOptions(options: readonly string[]): Partial<Record<ChainName, string>> {
  const forks: Partial<Record<ChainName, string>> = {};
  for (const option of options) {
    const at = option.indexOf("=");
    const chain = option.slice(0, at);
    const url = option.slice(at + 1);
    if (at < 0 || !isChainName(chain)) throw new Error(`--fork ${option}: must be CHAIN=RPC_URL with CHAIN one of ${chainNames.join(", ")}`);
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`--fork ${option}: the RPC URL must be http(s)://…`);
    if (forks[chain]) throw new Error(`--fork ${chain}: given twice`);
    forks[chain] = url;
  }
  return forks;
}
