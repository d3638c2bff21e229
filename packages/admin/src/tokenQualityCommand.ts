import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  chainNames, importTokenList, readTokenQuality, setTokenQuality, SluiceError, type ChainName,
} from "@sluice/core";
import type { AdminContext } from "./adminCommands.js";

export const tokenQualityUsage = [
  "token-quality set --chain CHAIN --token ADDRESS --score 0-100",
  "token-quality import --file LIST.json [--score 0-100]   (a Token Lists file; its tokens of served chains get --score, default 100)",
  "token-quality list --chain CHAIN [--token ADDRESS]",
];

const chainOf = (value: unknown): ChainName => {
  if (typeof value !== "string") throw new SluiceError("MALFORMED_REQUEST", "--chain is required");
  if (!(chainNames as readonly string[]).includes(value)) throw new SluiceError("MALFORMED_REQUEST", `--chain: must be one of ${chainNames.join(", ")}, got '${value}'`);
  return value as ChainName;
};
const tokenOf = (value: unknown): string => {
  if (typeof value !== "string") throw new SluiceError("MALFORMED_REQUEST", "--token is required");
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new SluiceError("MALFORMED_REQUEST", `--token: must be a 0x-prefixed 20-byte hex address, got '${value}'`);
  return value;
};
const scoreOf = (value: unknown, required: boolean): number | undefined => {
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string") throw new SluiceError("MALFORMED_REQUEST", "--score is required");
  if (!/^\d{1,3}$/.test(value) || Number(value) > 100) throw new SluiceError("MALFORMED_REQUEST", `--score: must be a whole number from 0 to 100, got '${value}'`);
  return Number(value);
};
const readList = (file: unknown): unknown => {
  if (typeof file !== "string") throw new SluiceError("MALFORMED_REQUEST", "--file is required");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new SluiceError("MALFORMED_REQUEST", `--file: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SluiceError("MALFORMED_REQUEST", `--file: ${file} is not JSON`);
  }
};

/** `pnpm admin token-quality set|import|list`: the operator's token quality scores (the admin API has the same). */
export async function tokenQualityCommand(args: string[], { db, redis }: AdminContext): Promise<unknown> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest, strict: true, allowPositionals: false,
    options: { chain: { type: "string" }, token: { type: "string" }, score: { type: "string" }, file: { type: "string" } },
  });
  if (action === "set") {
    const chain = chainOf(values.chain), token = tokenOf(values.token), score = scoreOf(values.score, true)!;
    const result = await setTokenQuality({ db, redis: redis(), entries: [{ chain, token, score }], source: "operator", updatedBy: "cli" });
    return { ...result, token: (await readTokenQuality({ db, chain, tokens: [token] }))[0] };
  }
  if (action === "import") {
    const score = scoreOf(values.score, false);
    return importTokenList({ db, redis: redis(), list: readList(values.file), score, updatedBy: "cli" });
  }
  if (action === "list") {
    const chain = chainOf(values.chain);
    const tokens = values.token === undefined ? undefined : [tokenOf(values.token)];
    return { chain, tokens: await readTokenQuality({ db, chain, tokens }) };
  }
  throw new SluiceError("MALFORMED_REQUEST", `token-quality: the action must be set, import or list, got '${action ?? ""}'`);
}
