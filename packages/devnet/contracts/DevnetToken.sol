// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevnetToken
/// @notice A plain ERC-20 for the devnet's non-wrapped tokens (USDC, USDT, DAI, WBTC and the scenario's own tokens).
/// @dev The devnet installs this runtime code with `anvil_setCode` at each token's address (the real mainnet address
///      for curated tokens), so nothing may depend on a constructor: no constructor, no immutables. `initialize`
///      writes the metadata once, right after the code is installed. Only the minter mints: the seeder while it
///      launches the token, then the devnet deployer, to whom the seeder hands the role.
contract DevnetToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    address public minter;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error AlreadyInitialized();
    error NotMinter();
    error InsufficientBalance();
    error InsufficientAllowance();
    error LengthMismatch();

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address minter_) external {
        if (minter != address(0) || minter_ == address(0)) revert AlreadyInitialized();
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = minter_;
    }

    event MinterChanged(address indexed previousMinter, address indexed newMinter);

    function setMinter(address newMinter) external {
        if (msg.sender != minter) revert NotMinter();
        emit MinterChanged(minter, newMinter);
        minter = newMinter;
    }

    /// @notice Mints `amounts[i]` to `recipients[i]`; one transaction funds every account of a scenario.
    function mintBatch(address[] calldata recipients, uint256[] calldata amounts) external {
        if (msg.sender != minter) revert NotMinter();
        if (recipients.length != amounts.length) revert LengthMismatch();
        uint256 minted;
        for (uint256 i = 0; i < recipients.length; i++) {
            balanceOf[recipients[i]] += amounts[i];
            minted += amounts[i];
            emit Transfer(address(0), recipients[i], amounts[i]);
        }
        totalSupply += minted;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @dev An allowance of type(uint256).max is never decreased, as in most production tokens.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance();
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) internal virtual {
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance();
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
