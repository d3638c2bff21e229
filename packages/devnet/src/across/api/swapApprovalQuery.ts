/** The query of `/swap/approval`, checked the way Across checks it (INVALID_PARAM naming the parameter). */
import { getAddress, isAddress, type Address } from "viem";
import { invalidParam } from "./acrossApiError.js";

export type TradeType = "exactInput" | "minOutput" | "exactOutput";

export type SwapApprovalQuery = {
  amount: bigint;
  inputToken: string;
  outputToken: string;
  originChainId: number;
  destinationChainId: number;
  depositor: Address;
  recipient: Address;
  tradeType: TradeType;
  integratorId?: string;
  refundAddress?: Address;
  refundOnOrigin: boolean;
  /** 18-decimal fixed point fraction of the output (0.001 = 10 bps). */
  appFeeWad: bigint;
  appFeeRecipient?: Address;
};

const WAD = 10n ** 18n;

export function parseFraction(value: string, param: string): bigint {
  if (!/^\d+(\.\d{1,18})?$/.test(value)) throw invalidParam(param, `${param} must be a decimal fraction`);
  const [whole, fraction = ""] = value.split(".");
  const wad = BigInt(whole!) * WAD + BigInt(fraction.padEnd(18, "0"));
  if (wad >= WAD) throw invalidParam(param, `${param} must be below 1`);
  return wad;
}

export function parseSwapApprovalQuery(query: URLSearchParams): SwapApprovalQuery {
  const required = (name: string) => {
    const value = query.get(name);
    if (!value) throw invalidParam(name, `Missing required parameter ${name}`);
    return value;
  };
  const address = (name: string, value: string | null) => {
    if (value === null || value === "") return undefined;
    if (!isAddress(value, { strict: false })) throw invalidParam(name, `${name} must be a valid address`);
    return getAddress(value);
  };
  const chainId = (name: string) => {
    const value = Number(required(name));
    if (!Number.isInteger(value) || value <= 0) throw invalidParam(name, `${name} must be a chain id`);
    return value;
  };
  const amountText = required("amount");
  if (!/^\d+$/.test(amountText) || BigInt(amountText) === 0n) throw invalidParam("amount", "amount must be a positive integer");
  const tradeType = (query.get("tradeType") ?? "exactInput") as TradeType;
  if (!["exactInput", "minOutput", "exactOutput"].includes(tradeType)) throw invalidParam("tradeType", "tradeType is not supported");
  const depositor = address("depositor", required("depositor"))!;
  const integratorId = query.get("integratorId") ?? undefined;
  if (integratorId !== undefined && !/^0x[0-9a-fA-F]{4}$/.test(integratorId)) throw invalidParam("integratorId", "integratorId must be 2 bytes of hex");
  const appFee = query.get("appFee");
  const appFeeWad = appFee ? parseFraction(appFee, "appFee") : 0n;
  const appFeeRecipient = address("appFeeRecipient", query.get("appFeeRecipient"));
  if (appFeeWad > 0n && !appFeeRecipient) throw invalidParam("appFeeRecipient", "appFeeRecipient is required with appFee");
  return {
    amount: BigInt(amountText),
    inputToken: required("inputToken"),
    outputToken: required("outputToken"),
    originChainId: chainId("originChainId"),
    destinationChainId: chainId("destinationChainId"),
    depositor,
    recipient: address("recipient", query.get("recipient")) ?? depositor,
    tradeType,
    integratorId,
    refundAddress: address("refundAddress", query.get("refundAddress")),
    refundOnOrigin: query.get("refundOnOrigin") !== "false",
    appFeeWad,
    appFeeRecipient,
  };
}

export { WAD };
