// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetToken} from "../DevnetToken.sol";

/// @title FeeOnTransferToken
/// @notice A DevnetToken that burns `feeBps` of every transfer once its minter sets a fee: the recipient gets less
///         than was sent (as with many mainnet "tax" tokens). Launched with no fee so the devnet seeds its pools
///         exactly; the devnet switches the fee on after seeding.
contract FeeOnTransferToken is DevnetToken {
    uint16 public feeBps;

    error FeeTooHigh();

    function setFeeBps(uint16 feeBps_) external {
        if (msg.sender != minter) revert NotMinter();
        if (feeBps_ > 10_000) revert FeeTooHigh();
        feeBps = feeBps_;
    }

    function _move(address from, address to, uint256 value) internal override {
        uint256 fee = (value * feeBps) / 10_000;
        super._move(from, to, value);
        if (fee > 0) {
            balanceOf[to] -= fee;
            totalSupply -= fee;
            emit Transfer(to, address(0), fee);
        }
    }
}
