/**
 * Sluice's own simulation of what the wallet will send: every approval, then the deposit, in one `eth_call` from the
 * depositor's address. The depositor's address is given (by state override, only inside the call) the code of a tiny
 * account contract that makes the calls in order, so `msg.sender` is the depositor for each of them and the
 * allowance the approvals grant is really in place for the deposit — for any token, without knowing its storage
 * layout. Real balances apply: a depositor without the funds fails the simulation.
 *
 * The account contract (Solidity 0.8.37, optimizer 200 runs):
 *   function execute(address[] targets, bytes[] data, uint256[] values) payable {
 *     for (i...) { (bool ok, bytes memory ret) = targets[i].call{value: values[i]}(data[i]); if (!ok) revert(ret); }
 *   }
 */
import { BaseError, encodeFunctionData, parseAbi, type Address, type Hex, type PublicClient } from "viem";

const accountAbi = parseAbi(["function execute(address[] targets, bytes[] data, uint256[] values) payable"]);

export const DEPOSIT_SIMULATION_ACCOUNT_CODE: Hex = "0x60806040526004361061001e5760003560e01c8063947fe81214610023575b600080fd5b610036610031366004610174565b610038565b005b60005b8581101561011f576000808888848181106100585761005861021a565b905060200201602081019061006d9190610230565b6001600160a01b03168585858181106100885761008861021a565b905060200201358888868181106100a1576100a161021a565b90506020028101906100b39190610260565b6040516100c19291906102a7565b60006040518083038185875af1925050503d80600081146100fe576040519150601f19603f3d011682016040523d82523d6000602084013e610103565b606091505b50915091508161011557805160208201fd5b505060010161003b565b50505050505050565b60008083601f84011261013a57600080fd5b50813567ffffffffffffffff81111561015257600080fd5b6020830191508360208260051b850101111561016d57600080fd5b9250929050565b6000806000806000806060878903121561018d57600080fd5b863567ffffffffffffffff8111156101a457600080fd5b6101b089828a01610128565b909750955050602087013567ffffffffffffffff8111156101d057600080fd5b6101dc89828a01610128565b909550935050604087013567ffffffffffffffff8111156101fc57600080fd5b61020889828a01610128565b979a9699509497509295939492505050565b634e487b7160e01b600052603260045260246000fd5b60006020828403121561024257600080fd5b81356001600160a01b038116811461025957600080fd5b9392505050565b6000808335601e1984360301811261027757600080fd5b83018035915067ffffffffffffffff82111561029257600080fd5b60200191503681900382131561016d57600080fd5b818382376000910190815291905056fea2646970667358221220db46ba4ecbfde797a7d1132b89dca8a74878e310d05eb1a27be221e9390a558764736f6c63430008250033";

export type SimulatedCall = { to: Address; data: Hex; value: bigint };

export type SimulationResult = { ok: true } | { ok: false; reason: string };

export async function simulateDeposit(client: PublicClient, depositor: Address, calls: SimulatedCall[]): Promise<SimulationResult> {
  try {
    await client.call({
      account: depositor,
      to: depositor,
      data: encodeFunctionData({
        abi: accountAbi, functionName: "execute",
        args: [calls.map((c) => c.to), calls.map((c) => c.data), calls.map((c) => c.value)],
      }),
      value: calls.reduce((sum, c) => sum + c.value, 0n),
      stateOverride: [{ address: depositor, code: DEPOSIT_SIMULATION_ACCOUNT_CODE }],
    });
    return { ok: true };
  } catch (error) {
    const reason = error instanceof BaseError ? (error.shortMessage || error.message) : String(error);
    if (/fetch|timed? ?out|HTTP request failed|network/i.test(reason) && !/revert/i.test(reason)) throw error;
    return { ok: false, reason: reason.split("\n")[0]! };
  }
}
