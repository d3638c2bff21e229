// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IProbeToken {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

interface IProbePool {
    function token0() external view returns (address);
}

interface IProbeV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IProbeV3Pool {
    function flash(address recipient, uint256 amount0, uint256 amount1, bytes calldata data) external;
}

/// @title TokenProbe
/// @notice Measures how a token transfers, on the latest state of a chain, without owning any of it. Never deployed:
///         Sluice places this runtime code at a fresh address with an `eth_call` state override and calls `probe`.
/// @dev The probe borrows a small amount (a thousandth of the pool's balance) from a real pool holding the token
///      through the pool's own optimistic transfer: a V2 flash swap (`swap` with callback data) or a V3 `flash`.
///      The pool transfers first and calls back; inside the callback the probe measures what it received (a buy),
///      makes two transfers to fresh addresses (wallet transfers), then sends some back into the pool itself (a sale:
///      honeypots let buys and wallet transfers through and revert or tax only when `to` is a pool), measuring both
///      sides of each, then reverts with `Measured(...)`. `probe` catches that revert and returns its data, so nothing
///      is ever repaid (the pool's repayment check never runs: the callback reverts before returning, which also
///      undoes the sale leg's credit to the pool) and no storage layout, balance slot or allowance of the token is
///      ever guessed. A pool that cannot pay (the token's transfer reverts) surfaces as the pool's own revert data.
///      The recipients are derived from the probe's own address, which the caller picks afresh per call, so a token
///      cannot recognise the probe by a fixed address.
contract TokenProbe {
    /// @param reserve The V2 pair's recorded reserve of the token (0 for a V3 pool, which records none).
    /// @param poolBalance The token's `balanceOf(pool)` before borrowing.
    /// @param requested What the probe asked the pool for; @param received what its balance grew by.
    /// @param sent The three transfers' amounts (two to wallets, the third into the pool: a sale);
    /// @param credited each recipient's balance increase; @param debited the probe's balance decrease on each;
    /// @param succeeded whether each transfer returned true.
    error Measured(
        uint256 reserve,
        uint256 poolBalance,
        uint256 requested,
        uint256 received,
        uint256[3] sent,
        uint256[3] credited,
        uint256[3] debited,
        bool[3] succeeded
    );
    error NothingToBorrow();
    error NotThePool();

    address private token;
    address private pool;
    uint256 private reserve;
    uint256 private poolBalance;
    uint256 private requested;
    uint256 private balanceBefore;

    /// @notice Borrows from `pool_` (a V2 pair when `isV2`, else a V3 pool) and returns the revert data of the
    ///         attempt: `Measured(...)` when the pool paid, the pool's (or token's) own revert data when it did not.
    function probe(address pool_, bool isV2, address token_) external returns (bytes memory outcome) {
        token = token_;
        pool = pool_;
        bool isToken0 = IProbePool(pool_).token0() == token_;
        poolBalance = IProbeToken(token_).balanceOf(pool_);
        uint256 available = poolBalance;
        if (isV2) {
            (uint112 reserve0, uint112 reserve1,) = IProbeV2Pair(pool_).getReserves();
            reserve = isToken0 ? reserve0 : reserve1;
            if (reserve < available) available = reserve;
        }
        requested = available / 1000;
        if (requested == 0) revert NothingToBorrow();
        balanceBefore = IProbeToken(token_).balanceOf(address(this));
        try this.borrow(isV2, isToken0) {
            return "";
        } catch (bytes memory reason) {
            return reason;
        }
    }

    /// @dev External so `probe` can catch its revert; only the probe itself may call it.
    function borrow(bool isV2, bool isToken0) external {
        if (msg.sender != address(this)) revert NotThePool();
        uint256 amount0 = isToken0 ? requested : 0;
        uint256 amount1 = isToken0 ? 0 : requested;
        if (isV2) IProbeV2Pair(pool).swap(amount0, amount1, address(this), hex"01");
        else IProbeV3Pool(pool).flash(address(this), amount0, amount1, "");
    }

    function uniswapV2Call(address, uint256, uint256, bytes calldata) external {
        _measure();
    }

    function uniswapV3FlashCallback(uint256, uint256, bytes calldata) external {
        _measure();
    }

    function _measure() private {
        if (msg.sender != pool) revert NotThePool();
        IProbeToken t = IProbeToken(token);
        uint256 received = t.balanceOf(address(this)) - balanceBefore;
        // Half and a quarter to two wallets, an eighth sold back into the pool (from what is left after the wallets).
        uint256[3] memory sent = [received / 2, received / 4, received / 8];
        address[3] memory recipients = [_wallet(0), _wallet(1), pool];
        uint256[3] memory credited;
        uint256[3] memory debited;
        bool[3] memory succeeded;
        for (uint256 i = 0; i < 3; i++) {
            uint256 ownBefore = t.balanceOf(address(this));
            uint256 theirsBefore = t.balanceOf(recipients[i]);
            (bool ok, bytes memory data) = address(t).call(abi.encodeCall(IProbeToken.transfer, (recipients[i], sent[i])));
            succeeded[i] = ok && (data.length == 0 || abi.decode(data, (bool)));
            if (!succeeded[i]) continue;
            // Saturating: a token that takes its tax out of the pool's own balance must not panic the probe.
            uint256 theirsAfter = t.balanceOf(recipients[i]);
            credited[i] = theirsAfter > theirsBefore ? theirsAfter - theirsBefore : 0;
            uint256 ownAfter = t.balanceOf(address(this));
            debited[i] = ownBefore > ownAfter ? ownBefore - ownAfter : 0;
        }
        revert Measured(reserve, poolBalance, requested, received, sent, credited, debited, succeeded);
    }

    /// @dev A fresh EOA-like address per probe address (no code, no balance, never a fixed well-known one).
    function _wallet(uint256 i) private view returns (address) {
        return address(uint160(uint256(keccak256(abi.encode(address(this), i)))));
    }
}
