/**
 * A bare anvil with Multicall3 (at its canonical address, as every chain Sluice serves has it) and a way to place
 * tokens whose `symbol()` and `decimals()` answer anything: a few bytes of hand-assembled EVM that returns fixed
 * data, reverts, or burns all the gas it is given, per function. For the indexer's token metadata reads against
 * answers real tokens could give but the devnet's tokens never do.
 */
import { concat, createPublicClient, encodeAbiParameters, http, size, type Address, type Hex, type PublicClient } from "viem";
import { contractBuilds } from "@sluice/devnet/contracts/artifacts";
import { MULTICALL3_ADDRESS } from "@sluice/core";
import { startAnvil } from "../devnet/testChain.js";

/** What a function answers: fixed return data, a revert, or a loop that burns all the gas the call has. */
export type FakeAnswer = { returns: Hex } | "revert" | "burn-gas";

export type FakeToken = { symbol?: FakeAnswer; decimals?: FakeAnswer };

export type TokenMetadataChain = {
  rpcUrl: string;
  client: PublicClient;
  /** Places a token answering as told at `address` (any function not given reverts). */
  placeToken: (address: Address, token: FakeToken) => Promise<void>;
  stop: () => Promise<void>;
};

/** `decimals()` answering `n` (any uint256: the ABI's uint8 is not enforced by what a contract returns). */
export const decimalsAnswer = (n: bigint | number): FakeAnswer => ({ returns: encodeAbiParameters([{ type: "uint256" }], [BigInt(n)]) });
/** `symbol()` answering an ABI string. */
export const symbolAnswer = (s: string): FakeAnswer => ({ returns: encodeAbiParameters([{ type: "string" }], [s]) });

export async function startTokenMetadataChain(): Promise<TokenMetadataChain> {
  const anvil = await startAnvil({ chainId: 8453, port: 0 });
  const client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  const setCode = (address: Address, code: Hex) => client.request({ method: "anvil_setCode" as never, params: [address, code] as never });
  // Running the creation code in eth_call answers the runtime code it would deploy.
  const { data: runtime } = await client.call({ data: contractBuilds().multicall3CreationCode });
  await setCode(MULTICALL3_ADDRESS, runtime!);
  return { rpcUrl: anvil.rpcUrl, client, placeToken: (address, token) => setCode(address, fakeTokenCode(token)), stop: anvil.stop };
}

const SYMBOL = "95d89b41";
const DECIMALS = "313ce567";

/**
 * selector → section: `PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR`, then per function `DUP1 PUSH4 sel EQ PUSH3 label JUMPI`,
 * else revert. A section returning data copies it from the code's tail (CODECOPY) and returns it.
 */
function fakeTokenCode(token: FakeToken): Hex {
  const answers: [string, FakeAnswer][] = [[DECIMALS, token.decimals ?? "revert"], [SYMBOL, token.symbol ?? "revert"]];
  const header = 6 + answers.length * 12 + 4;
  const sectionSize = (a: FakeAnswer) => (typeof a === "string" ? 6 : 19);
  const labels: number[] = [];
  let at = header;
  for (const [, a] of answers) {
    labels.push(at);
    at += sectionSize(a);
  }
  const p3 = (n: number) => `62${n.toString(16).padStart(6, "0")}`;
  let code = "60003560e01c";
  answers.forEach(([selector], i) => (code += `8063${selector}14${p3(labels[i]!)}57`));
  code += "600080fd";
  let dataAt = at;
  const data: Hex[] = [];
  answers.forEach(([, a], i) => {
    if (a === "revert") code += "5b600080fd00";
    else if (a === "burn-gas") code += `5b${p3(labels[i]!)}56`;
    else {
      const n = size(a.returns);
      code += `5b${p3(n)}${p3(dataAt)}600039${p3(n)}6000f3`;
      data.push(a.returns);
      dataAt += n;
    }
  });
  return concat([`0x${code}`, ...data]);
}
