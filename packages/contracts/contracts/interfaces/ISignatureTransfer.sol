// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The part of Permit2's SignatureTransfer that Sluice's executor uses.
/// @notice Permit2 lives at 0x000000000022D473030F116dDEE9F6B43aC78BA3 on every chain. A `PermitTransferFrom`
/// signature authorises exactly one transfer of up to `permitted.amount` of `permitted.token` from the signer to
/// whatever address the spender (the `msg.sender` of `permitTransferFrom`, bound into the signed hash) chooses.
interface ISignatureTransfer {
    /// @notice Thrown when the permit's deadline has passed.
    error SignatureExpired(uint256 signatureDeadline);
    /// @notice Thrown when the (owner, nonce) pair was already used or invalidated.
    error InvalidNonce();
    /// @notice Thrown when `requestedAmount` exceeds `permitted.amount`.
    error InvalidAmount(uint256 maxAmount);

    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external;

    /// @notice Like `permitTransferFrom`, but the signed hash also covers `witness` (the EIP-712 hash of extra data
    /// the spender enforces), typed by `witnessTypeString` (Permit2's PermitHash: the struct's type string, then
    /// `TokenPermissions(address token,uint256 amount)`, after `<Type> witness)`).
    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;

    function nonceBitmap(address owner, uint256 wordPosition) external view returns (uint256);
}
