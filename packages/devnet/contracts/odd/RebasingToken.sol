// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title RebasingToken
/// @notice A rebasing ERC-20 for the devnet: accounts hold shares, and `balanceOf` is shares × index / 1e18. When the
///         minter moves the index every balance changes without a transfer (as with AMPL or stETH), so a pool's
///         balance drifts from its recorded reserves and transfers round by a wei or two. Same launch interface as
///         DevnetToken (`initialize`, `mintBatch`, `setMinter`); launched at index 1e18, rebased after seeding.
contract RebasingToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    address public minter;
    uint256 public index;
    uint256 public totalShares;

    mapping(address => uint256) public sharesOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Rebased(uint256 index);

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
        index = 1e18;
    }

    function setMinter(address newMinter) external {
        if (msg.sender != minter) revert NotMinter();
        minter = newMinter;
    }

    function rebase(uint256 newIndex) external {
        if (msg.sender != minter) revert NotMinter();
        index = newIndex;
        emit Rebased(newIndex);
    }

    function totalSupply() external view returns (uint256) {
        return (totalShares * index) / 1e18;
    }

    function balanceOf(address account) public view returns (uint256) {
        return (sharesOf[account] * index) / 1e18;
    }

    function mintBatch(address[] calldata recipients, uint256[] calldata amounts) external {
        if (msg.sender != minter) revert NotMinter();
        if (recipients.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < recipients.length; i++) {
            uint256 shares = (amounts[i] * 1e18) / index;
            sharesOf[recipients[i]] += shares;
            totalShares += shares;
            emit Transfer(address(0), recipients[i], amounts[i]);
        }
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

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance();
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        uint256 shares = (value * 1e18) / index;
        if (sharesOf[from] < shares) revert InsufficientBalance();
        unchecked {
            sharesOf[from] -= shares;
        }
        sharesOf[to] += shares;
        emit Transfer(from, to, value);
    }
}
