/**
 * Test support for /solve and /confirm on the devnet: fresh users funded with tokens (minted by the token's
 * minter, impersonated) and native gas, Permit2 approvals, hand-built permits, and calldata inspection.
 */
import { inject } from "vitest";
import {
  createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, getAddress, http, isAddress, maxUint256, parseAbi,
  parseUnits, zeroAddress,
  type Address, type Hex, type PrivateKeyAccount, type PublicClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  chains, executorAbi, PERMIT2_ADDRESS, permitTypedData, permitWitnessTypedData, type ChainName,
} from "@sluice/core";
import type { SluiceConnection, SolvePermit, SolveWitness } from "@sluice/core/client";

const devnetTokenAbi = parseAbi([
  "function minter() view returns (address)",
  "function mintBatch(address[] recipients, uint256[] amounts)",
]);

export function manifestChain(chain: ChainName) {
  return inject("stack").manifest.chains[chain];
}

export function connection(key: string): SluiceConnection {
  return { baseUrl: inject("stack").baseUrl, apiKey: key };
}

function viemChain(chain: ChainName) {
  const c = manifestChain(chain);
  return defineChain({ id: chains[chain].id, name: chain, nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } });
}

const readers = new Map<ChainName, PublicClient>();
/** Reads the devnet chain directly (not through the workers' fault proxy). */
export function reader(chain: ChainName): PublicClient {
  let client = readers.get(chain);
  if (!client) {
    client = createPublicClient({ chain: viemChain(chain), transport: http(manifestChain(chain).rpcUrl) });
    readers.set(chain, client);
  }
  return client;
}

export function walletOf(chain: ChainName, account: PrivateKeyAccount) {
  return createWalletClient({ account, chain: viemChain(chain), transport: http(manifestChain(chain).rpcUrl) });
}

export function token(chain: ChainName, symbol: string) {
  const found = manifestChain(chain).tokens.find((t) => t.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} on ${chain}`);
  return found;
}

/** Mints `amounts` of a devnet token to `recipients` in one transaction from the token's (impersonated) minter. */
export async function mint(chain: ChainName, symbol: string, recipients: Address[], amounts: bigint[]): Promise<void> {
  const client = reader(chain);
  const address = token(chain, symbol).address;
  const minter = await client.readContract({ address, abi: devnetTokenAbi, functionName: "minter" });
  await client.request({ method: "anvil_impersonateAccount" as never, params: [minter] as never });
  await client.request({ method: "anvil_setBalance" as never, params: [minter, "0x56BC75E2D63100000"] as never });
  const wallet = createWalletClient({ account: minter, chain: viemChain(chain), transport: http(manifestChain(chain).rpcUrl) });
  const hash = await wallet.writeContract({ address, abi: devnetTokenAbi, functionName: "mintBatch", args: [recipients, amounts] });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`minting ${symbol} failed`);
}

export type TestUser = { account: PrivateKeyAccount; address: Address };

/**
 * Fresh wallets holding `amount` of `symbol` and 1 native unit, each with Permit2 approved (max) for the token
 * unless `approve` is false.
 */
export async function newUsers(chain: ChainName, symbol: string, amount: string, count = 1, { approve = true } = {}): Promise<TestUser[]> {
  const users = Array.from({ length: count }, () => {
    const account = privateKeyToAccount(generatePrivateKey());
    return { account, address: account.address };
  });
  const t = token(chain, symbol);
  const raw = parseUnits(amount, t.decimals);
  const wrappedNative = t.address.toLowerCase() === manifestChain(chain).weth.toLowerCase();
  if (!wrappedNative) await mint(chain, symbol, users.map((u) => u.address), users.map(() => raw));
  const client = reader(chain);
  await Promise.all(users.map(async (u) => {
    const oneNative = 10n ** 18n;
    await client.request({ method: "anvil_setBalance" as never, params: [u.address, `0x${(oneNative + (wrappedNative ? raw : 0n)).toString(16)}`] as never });
    if (wrappedNative) {
      // WETH9 has no minter: the user wraps native itself.
      const hash = await walletOf(chain, u.account).writeContract({ address: t.address, abi: parseAbi(["function deposit() payable"]), functionName: "deposit", value: raw });
      await client.waitForTransactionReceipt({ hash });
    }
    if (!approve) return;
    const hash = await walletOf(chain, u.account).writeContract({ address: t.address, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] });
    await client.waitForTransactionReceipt({ hash });
  }));
  return users;
}

export async function newUser(chain: ChainName, symbol: string, amount: string, options?: { approve?: boolean }): Promise<TestUser> {
  return (await newUsers(chain, symbol, amount, 1, options))[0]!;
}

export function balanceOf(chain: ChainName, symbol: string, holder: Address): Promise<bigint> {
  return reader(chain).readContract({ address: token(chain, symbol).address, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
}

let nonceCounter = BigInt(Date.now()) << 64n;

export type HandPermit = {
  chain: ChainName;
  user: TestUser;
  symbol: string;
  amount: string;
  nonce?: bigint;
  deadline?: bigint;
  /** Overrides for negative tests. */
  token?: Address;
  amountRaw?: bigint;
  spender?: Address;
  chainId?: number;
  /**
   * The output token (symbol or address): with it the permit is a witness permit (as /route issues them) binding
   * this output token, `witness.minAmountOut` (default 0: the server's slippage bound decides) and the recipient
   * (default zero: the signer). `witness: false` signs a plain PermitTransferFrom (accepted only with a /route nonce).
   */
  to?: string;
  witness?: false | Partial<{ tokenOut: Address; minAmountOut: bigint; recipient: Address }>;
};

/** A permit signed by hand (as a partner's own code would), and the /solve body fields that carry it. */
export async function signPermit(p: HandPermit): Promise<{ permit: SolvePermit; signature: Hex; nonce: bigint; witness?: SolveWitness }> {
  const t = token(p.chain, p.symbol);
  const nonce = p.nonce ?? nonceCounter++;
  const latest = await reader(p.chain).getBlock();
  const permit = {
    permitted: { token: p.token ?? t.address, amount: p.amountRaw ?? parseUnits(p.amount, t.decimals) },
    nonce,
    deadline: p.deadline ?? latest.timestamp + 600n,
  };
  const spender = p.spender ?? manifestChain(p.chain).executor!;
  const chainId = p.chainId ?? chains[p.chain].id;
  const witness = p.witness !== false && p.to !== undefined ? {
    tokenOut: p.witness?.tokenOut ?? (isAddress(p.to) ? getAddress(p.to) : token(p.chain, p.to).address),
    minAmountOut: p.witness?.minAmountOut ?? 0n,
    recipient: p.witness?.recipient ?? zeroAddress,
  } : undefined;
  const signature = witness
    ? await p.user.account.signTypedData(permitWitnessTypedData({ chainId, spender, permit, witness }))
    : await p.user.account.signTypedData(permitTypedData({ chainId, spender, permit }));
  return {
    permit: { permitted: { token: permit.permitted.token, amount: String(permit.permitted.amount) }, nonce: String(nonce), deadline: String(permit.deadline) },
    signature, nonce,
    ...(witness ? { witness: { ...witness, minAmountOut: String(witness.minAmountOut) } } : {}),
  };
}

/** A /solve body for `amount` of `from` → `to` with a hand-signed permit. */
export async function solveBody(p: HandPermit & { to: string; dryRun?: boolean; slippageBps?: number }) {
  const signed = await signPermit(p);
  return {
    from: p.symbol, to: p.to, amount: p.amount, chain: p.chain, user: p.user.address,
    ...(p.dryRun !== undefined ? { dryRun: p.dryRun } : {}),
    ...(p.slippageBps !== undefined ? { slippageBps: p.slippageBps } : {}),
    permit: signed.permit, signature: signed.signature,
    ...(signed.witness ? { witness: signed.witness } : {}),
  };
}

export type DecodedRoute = {
  splits: { amountIn: bigint; hops: { pool: Address; kind: "v2" | "v3"; fee: number; tokenOut: Address }[] }[];
  /** The least output the executor will accept (for a witness swap, the larger of the call's and the witness's). */
  minAmountOut: bigint;
  recipient: Address;
  witness?: { tokenOut: Address; minAmountOut: bigint; recipient: Address };
};

/** The route inside executor calldata (see SluiceExecutor.sol for the packed encoding): `swap` or `swapWithWitness`. */
export function decodeSwapCalldata(data: Hex): DecodedRoute {
  const decoded = decodeFunctionData({ abi: executorAbi, data });
  const args = decoded.args as readonly unknown[];
  const owner = args[1] as Address;
  const route = args[3] as Hex;
  let minAmountOut = args[4] as bigint;
  let recipient = args[5] as Address;
  let witness: DecodedRoute["witness"];
  if (decoded.functionName === "swapWithWitness") {
    witness = args[5] as NonNullable<DecodedRoute["witness"]>;
    if (witness.minAmountOut > minAmountOut) minAmountOut = witness.minAmountOut;
    recipient = witness.recipient === zeroAddress ? owner : witness.recipient;
  }
  const bytes = Buffer.from(route.slice(2), "hex");
  let offset = 1;
  const splits: DecodedRoute["splits"] = [];
  for (let s = 0; s < bytes[0]!; s++) {
    const amountIn = BigInt("0x" + bytes.subarray(offset, offset + 16).toString("hex"));
    const hopCount = bytes[offset + 16]!;
    offset += 17;
    const hops = [];
    for (let h = 0; h < hopCount; h++) {
      hops.push({
        pool: ("0x" + bytes.subarray(offset, offset + 20).toString("hex")) as Address,
        kind: bytes[offset + 20] === 0 ? "v2" as const : "v3" as const,
        fee: bytes.readUIntBE(offset + 21, 3),
        tokenOut: ("0x" + bytes.subarray(offset + 24, offset + 44).toString("hex")) as Address,
      });
      offset += 44;
    }
    splits.push({ amountIn, hops });
  }
  return { splits, minAmountOut, recipient, ...(witness ? { witness } : {}) };
}

/** The relayers' transaction counts (pending) on a chain. */
export async function relayerNonces(chain: ChainName): Promise<number[]> {
  const client = reader(chain);
  return Promise.all(manifestChain(chain).relayers.map((r) => client.getTransactionCount({ address: r, blockTag: "pending" })));
}

export async function nativeBalances(chain: ChainName, holders: Address[]): Promise<bigint[]> {
  const client = reader(chain);
  return Promise.all(holders.map((address) => client.getBalance({ address })));
}
