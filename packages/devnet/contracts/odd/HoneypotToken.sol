// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetToken} from "../DevnetToken.sol";

/// @title HoneypotToken
/// @notice A DevnetToken that can be bought and moved between wallets but not sold: once its minter sets a mode, a
///         transfer INTO a pool (a sale) reverts (`BlockSales`), loses 10% (`TaxSales`), or reverts only outside a
///         bare simulation (`BlockLiveSales`: normal while tx.origin or tx.gasprice is 0, as in an eth_call with no
///         sender and no gas price), as mainnet honeypots do. Launched with no mode so the devnet seeds its pools;
///         the devnet sets the mode after seeding.
/// @dev A pool is recognised by its code (anything answering `token0()`), not by a list, so no pool address needs
///      configuring and every pool of the token is covered.
contract HoneypotToken is DevnetToken {
    enum Mode {
        Off,
        BlockSales,
        TaxSales,
        BlockLiveSales
    }

    /// @notice What a taxed sale burns: 10%.
    uint256 public constant SALE_TAX_BPS = 1_000;

    Mode public mode;

    error SaleBlocked();

    function setMode(Mode mode_) external {
        if (msg.sender != minter) revert NotMinter();
        mode = mode_;
    }

    function _move(address from, address to, uint256 value) internal override {
        Mode current = mode;
        if (current == Mode.Off || !_isPool(to)) return super._move(from, to, value);
        if (current == Mode.BlockSales) revert SaleBlocked();
        if (current == Mode.BlockLiveSales && tx.origin != address(0) && tx.gasprice != 0) revert SaleBlocked();
        super._move(from, to, value);
        if (current == Mode.TaxSales) {
            uint256 tax = (value * SALE_TAX_BPS) / 10_000;
            balanceOf[to] -= tax;
            totalSupply -= tax;
            emit Transfer(to, address(0), tax);
        }
    }

    function _isPool(address account) private view returns (bool) {
        if (account.code.length == 0) return false;
        (bool ok, bytes memory data) = account.staticcall(abi.encodeWithSignature("token0()"));
        return ok && data.length == 32;
    }
}
