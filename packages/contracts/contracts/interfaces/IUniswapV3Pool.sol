// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The part of a Uniswap V3 pool that Sluice's executor uses.
/// @notice `swap` pays `recipient` first, then calls `uniswapV3SwapCallback` on `msg.sender`, which must pay the
/// pool what it owes; the pool then checks its balance went up by at least that much.
interface IUniswapV3Pool {
    /// @param amountSpecified positive: exact input; negative: exact output.
    /// @return amount0 the pool's token0 balance delta (positive: owed to the pool).
    /// @return amount1 the pool's token1 balance delta (positive: owed to the pool).
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

/// @notice Implemented by whoever calls `IUniswapV3Pool.swap`.
interface IUniswapV3SwapCallback {
    /// @param amount0Delta token0 the pool sent (negative) or must receive (positive).
    /// @param amount1Delta token1 the pool sent (negative) or must receive (positive).
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}
