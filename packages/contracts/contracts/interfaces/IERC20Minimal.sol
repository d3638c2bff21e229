// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The ERC-20 calls Sluice's executor makes.
interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);

    function transfer(address to, uint256 amount) external returns (bool);
}
