// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The part of a Uniswap V2 pair that Sluice's executor uses.
/// @notice A pair pays out first and checks its constant product afterwards, so the input must already sit in the
/// pair (transferred, not approved) when `swap` is called. Reserves are the last synced balances, not live ones.
interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);

    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}
