// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetToken} from "../DevnetToken.sol";

/// @title PausableToken
/// @notice A transfer-blocking DevnetToken: while its minter has it paused, every transfer reverts (as a paused or
///         blocklisting mainnet token does). Launched unpaused so the devnet seeds its pools; paused after seeding.
contract PausableToken is DevnetToken {
    bool public paused;

    error Paused();

    function setPaused(bool paused_) external {
        if (msg.sender != minter) revert NotMinter();
        paused = paused_;
    }

    function _move(address from, address to, uint256 value) internal override {
        if (paused) revert Paused();
        super._move(from, to, value);
    }
}
