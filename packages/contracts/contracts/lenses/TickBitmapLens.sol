// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface ILensV3Pool {
    function tickBitmap(int16 wordPosition) external view returns (uint256);
    function ticks(int24 tick)
        external
        view
        returns (
            uint128 liquidityGross,
            int128 liquidityNet,
            uint256 feeGrowthOutside0X128,
            uint256 feeGrowthOutside1X128,
            int56 tickCumulativeOutside,
            uint160 secondsPerLiquidityOutsideX128,
            uint32 secondsOutside,
            bool initialized
        );
}

/// @title TickBitmapLens
/// @notice Reads the initialized ticks of many Uniswap V3 pools in one `eth_call`, as Uniswap's TickLens does for one
///         bitmap word, but over whole word ranges: an empty word costs one storage read on the node instead of one
///         call in a Multicall3 answer. Never deployed: Sluice places this runtime code at a free address with an
///         `eth_call` state override and calls `read`.
/// @dev The call is bounded by the gas it is given: before each word it checks that `gasReserve` is left (enough to
///      finish a word whose 256 ticks are all initialized) and that the answer has room for 256 more ticks, else it
///      stops and returns where to resume. A word is therefore always read whole.
contract TickBitmapLens {
    /// @param tickSpacing The pool's tick spacing; words `fromWord`..`toWord` (inclusive) are read.
    struct PoolRange {
        address pool;
        int24 tickSpacing;
        int16 fromWord;
        int16 toWord;
    }

    /// @param range The index in `ranges` of the pool the tick belongs to.
    struct InitializedTick {
        uint32 range;
        int24 tick;
        int128 liquidityNet;
    }

    /// @notice Initialized ticks of `ranges`, starting at range `startRange`, word `startWord` (ignored when below the
    ///         range's `fromWord`), in order. `nextRange == ranges.length` when every range was read; otherwise call
    ///         again from (`nextRange`, `nextWord`).
    function read(PoolRange[] calldata ranges, uint256 startRange, int16 startWord, uint256 gasReserve, uint256 maxTicks)
        external
        view
        returns (InitializedTick[] memory ticks, uint256 nextRange, int16 nextWord)
    {
        ticks = new InitializedTick[](maxTicks);
        uint256 count;
        for (uint256 r = startRange; r < ranges.length; r++) {
            PoolRange calldata range = ranges[r];
            int256 word = r == startRange && startWord > range.fromWord ? int256(startWord) : int256(range.fromWord);
            for (; word <= range.toWord; word++) {
                if (gasleft() < gasReserve || count + 256 > maxTicks) {
                    assembly {
                        mstore(ticks, count)
                    }
                    return (ticks, r, int16(word));
                }
                uint256 bitmap = ILensV3Pool(range.pool).tickBitmap(int16(word));
                for (uint256 bit; bitmap != 0; bit++) {
                    if (bitmap & 1 == 1) {
                        int24 tick = int24((word * 256 + int256(bit)) * range.tickSpacing);
                        (, int128 liquidityNet,,,,,,) = ILensV3Pool(range.pool).ticks(tick);
                        ticks[count++] = InitializedTick(uint32(r), tick, liquidityNet);
                    }
                    bitmap >>= 1;
                }
            }
        }
        assembly {
            mstore(ticks, count)
        }
        return (ticks, ranges.length, 0);
    }
}
