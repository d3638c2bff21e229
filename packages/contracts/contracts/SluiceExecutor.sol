// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISignatureTransfer} from "./interfaces/ISignatureTransfer.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2Pair.sol";
import {IUniswapV3Pool, IUniswapV3SwapCallback} from "./interfaces/IUniswapV3Pool.sol";
import {IERC20Minimal} from "./interfaces/IERC20Minimal.sol";

/// @title Sluice's swap executor: the Permit2 spender of every Sluice swap.
///
/// @notice A user signs a Permit2 permit naming this contract as spender. The executor pulls exactly the signed
/// amount with that permit, routes it through Uniswap V2 pairs and V3 pools along one or more splits, and pays the
/// output straight from the last pool of each split to the recipient. It reverts unless the recipient's balance of
/// the output token grew by at least the minimum.
///
/// @notice TWO KINDS OF PERMIT. `swapWithWitness` takes a `PermitWitnessTransferFrom` whose witness (`SluiceSwap`)
/// binds the output token, the minimum output and the recipient: the user signs what they receive, and nobody —
/// relayer, partner or Sluice's own server — can lower the output, change the token or redirect it; the contract
/// enforces all three. `swap` takes a plain `PermitTransferFrom` (the interface's documented shape), which binds only
/// the input; for it the route and minimum come from the caller, so the service binds them server-side.
///
/// @dev WHO MAY CALL `swap`, AND WHY. A `PermitTransferFrom` signature binds the token, the amount, the nonce, the
/// deadline and the spender (this contract) — but NOT the route, the output token, the minimum output or the
/// recipient. If anyone could call `swap`, anyone who saw a signature (in Sluice's API traffic or in a user's
/// pending transaction) could front-run it with a route through a pool they had just skewed and a minimum of zero,
/// and the user's permit would be spent on a swap that pays them almost nothing. So only two kinds of caller exist:
///   - Sluice's relayers (an allow-list the admin manages), which submit gasless swaps with the route and minimum
///     that the service quoted; they may only pay the permit's owner (or, with a witness permit, the recipient the
///     owner signed — there the output token and minimum are the owner's too, so a relayer cannot take less);
///   - the permit's owner itself (the encode-only path: the user submits the calldata and pays gas), who may direct
///     the output to any recipient since they are spending their own tokens.
///
/// @dev HOLDS NO FUNDS. The route is exact by construction: the splits' amounts must add up to the signed amount,
/// every V2 hop forwards exactly the amount the pair's formula gives, every V3 hop must consume its whole input (a
/// partial fill reverts), and the last hop of every split pays the recipient directly. Nothing stays here between
/// calls, so there is no sweep or withdrawal function: the admin can only manage relayers.
///
/// @dev ROUTE ENCODING (packed bytes, big-endian, no padding):
///   route := splitCount:uint8 · split[splitCount]
///   split := amountIn:uint128 · hopCount:uint8 · hop[hopCount]
///   hop   := pool:address · kind:uint8 (0 = Uniswap V2 pair, 1 = Uniswap V3 pool) · fee:uint24 · tokenOut:address
/// The first hop of a split spends the permit's token; each later hop spends the previous hop's `tokenOut`.
/// Every split must end in the same output token, which must differ from the input token.
///
/// @dev POOLS ARE AUTHENTICATED. Every hop's pool must be the one Uniswap's factory deployed for its two tokens (and,
/// for V3, its fee): the address derived by CREATE2 from the configured factory, the sorted token pair (and fee) and
/// the factory's pool init code hash, exactly as Uniswap's periphery derives it. A route through any other contract
/// reverts before a token moves, so no caller can pay a look-alike "pool" with the user's input.
///
/// @dev SAME ADDRESS ON EVERY CHAIN. The executor is deployed through the deterministic deployment proxy (CREATE2), so
/// its address depends only on the salt and the init code: nothing chain-specific is in it. Permit2 is a constant (the
/// same address everywhere); the initial admin (the deploying key) is the only constructor argument; the factories
/// (which differ per chain) and the relayers are set once by that admin through `initialize`, after which the admin
/// can be handed to the operator (for example a multisig). Until then every swap reverts with `NotInitialized`.
/// Someone replaying the deployment first only deploys the same contract with the same admin.
///
/// @dev Needs transient storage (EIP-1153, Cancun): it holds the reentrancy lock and the V3 callback expectations.
contract SluiceExecutor is IUniswapV3SwapCallback {
    /// @notice The caller is neither an allowed relayer nor the permit's owner.
    error NotAuthorized();
    /// @notice The caller is not the admin.
    error NotAdmin();
    /// @notice The recipient's output-token balance grew by less than the minimum.
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    /// @notice The route bytes are malformed or do not spend exactly the signed amount.
    error InvalidRoute();
    /// @notice Relayers may only pay the owner; nobody may pay the zero address or this contract.
    error InvalidRecipient();
    /// @notice A swap callback came from somewhere other than the V3 pool being swapped right now.
    error UnexpectedCallback();
    /// @notice A hop's pool is not the configured factory's pool for its tokens (and fee).
    error UnknownPool(address pool);
    /// @notice A V3 pool did not take exactly the hop's input (price limit reached, or no callback at all).
    error IncompleteSwap(address pool);
    /// @notice A token transfer returned false, reverted, or the token has no code.
    error TransferFailed(address token);
    /// @notice The route's output token is not the one the witness binds.
    error WitnessMismatch();
    /// @notice `swap` was re-entered.
    error Reentrancy();
    /// @notice The admin cannot be handed to the zero address.
    error InvalidAdmin();
    /// @notice The factories are not set yet (`initialize`).
    error NotInitialized();
    /// @notice `initialize` runs once, with both factories and both init code hashes.
    error InvalidInitialization();

    event Swapped(
        address indexed owner,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );
    event RelayerSet(address indexed relayer, bool allowed);
    event AdminTransferred(address indexed previousAdmin, address indexed newAdmin);
    event Initialized(address v2Factory, bytes32 v2InitCodeHash, address v3Factory, bytes32 v3InitCodeHash);

    uint256 private constant KIND_V2 = 0;
    uint256 private constant KIND_V3 = 1;
    uint256 private constant SPLIT_HEADER_BYTES = 17;
    uint256 private constant HOP_BYTES = 44;
    /// @dev Offsets inside a hop.
    uint256 private constant HOP_KIND = 20;
    uint256 private constant HOP_FEE = 21;
    uint256 private constant HOP_TOKEN_OUT = 24;
    /// @dev Uniswap V3's TickMath bounds; the executor never limits price, minAmountOut protects the user.
    uint160 private constant MIN_SQRT_RATIO_PLUS_ONE = 4295128740;
    uint160 private constant MAX_SQRT_RATIO_MINUS_ONE = 1461446703485210103287273052203988822378723970341;

    /// @notice What the user signs beside the input with a witness permit. `recipient` zero means the permit's owner.
    struct SluiceSwap {
        address tokenOut;
        uint256 minAmountOut;
        address recipient;
    }

    /// @dev EIP-712 type hash of `SluiceSwap`, and the witness type string Permit2 appends to
    /// `PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,` — the
    /// referenced types in alphabetical order, exactly as EIP-712 (and so every wallet) encodes them.
    bytes32 public constant SLUICE_SWAP_TYPEHASH =
        keccak256("SluiceSwap(address tokenOut,uint256 minAmountOut,address recipient)");
    string public constant WITNESS_TYPE_STRING =
        "SluiceSwap witness)SluiceSwap(address tokenOut,uint256 minAmountOut,address recipient)TokenPermissions(address token,uint256 amount)";

    /// @notice The Uniswap factories whose pools a route may use, with their pools' init code hashes.
    struct PoolFactories {
        address v2Factory;
        bytes32 v2InitCodeHash;
        address v3Factory;
        bytes32 v3InitCodeHash;
    }

    /// @notice Uniswap's Permit2, at the same address on every chain.
    ISignatureTransfer public constant permit2 = ISignatureTransfer(0x000000000022D473030F116dDEE9F6B43aC78BA3);
    address public v2Factory;
    bytes32 public v2InitCodeHash;
    address public v3Factory;
    bytes32 public v3InitCodeHash;
    address public admin;
    mapping(address => bool) public isRelayer;

    bool private transient locked;
    /// @dev The V3 pool whose callback is awaited; zero whenever no callback is legitimate.
    address private transient expectedPool;
    address private transient owedToken;
    uint256 private transient owedAmount;

    constructor(address admin_) {
        if (admin_ == address(0)) revert InvalidAdmin();
        admin = admin_;
        emit AdminTransferred(address(0), admin_);
    }

    modifier onlyAdmin() {
        if (msg.sender != admin) revert NotAdmin();
        _;
    }

    /// @notice Sets this chain's Uniswap factories (once) and allows the first relayers.
    function initialize(PoolFactories calldata factories, address[] calldata relayers) external onlyAdmin {
        if (v2Factory != address(0)) revert InvalidInitialization();
        if (
            factories.v2Factory == address(0) || factories.v3Factory == address(0) || factories.v2InitCodeHash == 0
                || factories.v3InitCodeHash == 0
        ) revert InvalidInitialization();
        v2Factory = factories.v2Factory;
        v2InitCodeHash = factories.v2InitCodeHash;
        v3Factory = factories.v3Factory;
        v3InitCodeHash = factories.v3InitCodeHash;
        emit Initialized(factories.v2Factory, factories.v2InitCodeHash, factories.v3Factory, factories.v3InitCodeHash);
        for (uint256 i = 0; i < relayers.length; i++) {
            isRelayer[relayers[i]] = true;
            emit RelayerSet(relayers[i], true);
        }
    }

    function setRelayer(address relayer, bool allowed) external onlyAdmin {
        isRelayer[relayer] = allowed;
        emit RelayerSet(relayer, allowed);
    }

    function transferAdmin(address newAdmin) external onlyAdmin {
        if (newAdmin == address(0)) revert InvalidAdmin();
        emit AdminTransferred(admin, newAdmin);
        admin = newAdmin;
    }

    /// @notice Spends `owner`'s plain permit along `route` and pays at least `minAmountOut` of the route's output
    /// token to `recipient`.
    /// @return amountOut what the recipient's output-token balance grew by.
    function swap(
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address owner,
        bytes calldata signature,
        bytes calldata route,
        uint256 minAmountOut,
        address recipient
    ) external returns (uint256 amountOut) {
        _enter(owner, recipient, false);
        amountOut = _swap(permit, owner, signature, route, minAmountOut, recipient, bytes32(0));
    }

    /// @notice Spends `owner`'s witness permit along `route` and pays the signed output token to the signed recipient
    /// (the owner when zero): at least the signed minimum, or `minAmountOut` when the caller asks for more (the
    /// service's slippage bound on a fresh quote). The route is the caller's; what the user receives is not.
    /// @return amountOut what the recipient's output-token balance grew by.
    function swapWithWitness(
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address owner,
        bytes calldata signature,
        bytes calldata route,
        uint256 minAmountOut,
        SluiceSwap calldata witness
    ) external returns (uint256 amountOut) {
        address recipient = witness.recipient == address(0) ? owner : witness.recipient;
        _enter(owner, recipient, true);
        // `_swap` validates the whole route; its output token must be the signed one.
        if (route.length < 1 + SPLIT_HEADER_BYTES || _routeTokenOut(route) != witness.tokenOut) revert WitnessMismatch();
        bytes32 witnessHash =
            keccak256(abi.encode(SLUICE_SWAP_TYPEHASH, witness.tokenOut, witness.minAmountOut, witness.recipient));
        uint256 least = minAmountOut > witness.minAmountOut ? minAmountOut : witness.minAmountOut;
        amountOut = _swap(permit, owner, signature, route, least, recipient, witnessHash);
    }

    /// @dev The swap both entries share; `witnessHash` zero means a plain permit.
    function _swap(
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address owner,
        bytes calldata signature,
        bytes calldata route,
        uint256 minAmountOut,
        address recipient,
        bytes32 witnessHash
    ) private returns (uint256 amountOut) {
        (address tokenOut, address directPair) =
            _validateRoute(route, permit.permitted.token, permit.permitted.amount);

        uint256 balanceBefore = IERC20Minimal(tokenOut).balanceOf(recipient);
        _pullInput(permit, owner, signature, directPair, witnessHash);
        _executeRoute(route, permit.permitted.token, recipient, directPair != address(0));
        amountOut = IERC20Minimal(tokenOut).balanceOf(recipient) - balanceBefore;
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        _emitSwapped(permit.permitted, owner, recipient, tokenOut, amountOut);
        locked = false;
    }

    /// @dev The output token of an already validated route (the last hop of its first split).
    function _routeTokenOut(bytes calldata route) private pure returns (address) {
        uint256 hopCount = _uint8At(route, 1 + 16);
        return _addressAt(route, 1 + SPLIT_HEADER_BYTES + (hopCount - 1) * HOP_BYTES + HOP_TOKEN_OUT);
    }

    /// @notice Pays a V3 pool during its `swap`. Only the pool this contract is swapping with right now may call,
    /// once, and only for exactly the hop's input: anything else would let a contract drain in-flight tokens.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        if (msg.sender != expectedPool) revert UnexpectedCallback();
        expectedPool = address(0);
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        if (owed != owedAmount) revert IncompleteSwap(msg.sender);
        _transfer(owedToken, msg.sender, owed);
    }

    /// @dev Takes the reentrancy lock and enforces who may call (see the contract's notes). A relayer may pay
    /// someone other than the owner only when the owner signed that recipient (`signedRecipient`).
    function _enter(address owner, address recipient, bool signedRecipient) private {
        if (locked) revert Reentrancy();
        locked = true;
        if (v2Factory == address(0)) revert NotInitialized();
        if (msg.sender != owner) {
            if (!isRelayer[msg.sender]) revert NotAuthorized();
            if (recipient != owner && !signedRecipient) revert InvalidRecipient();
        }
        if (recipient == address(0) || recipient == address(this)) revert InvalidRecipient();
    }

    /// @dev Pulls exactly the signed amount. A lone split starting at a V2 pair receives the input straight from
    /// the owner (one transfer fewer); any other route collects it here first.
    function _pullInput(
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address owner,
        bytes calldata signature,
        address directPair,
        bytes32 witnessHash
    ) private {
        ISignatureTransfer.SignatureTransferDetails memory details = ISignatureTransfer.SignatureTransferDetails({
            to: directPair == address(0) ? address(this) : directPair,
            requestedAmount: permit.permitted.amount
        });
        if (witnessHash == bytes32(0)) {
            permit2.permitTransferFrom(permit, details, owner, signature);
        } else {
            permit2.permitWitnessTransferFrom(permit, details, owner, witnessHash, WITNESS_TYPE_STRING, signature);
        }
    }

    function _emitSwapped(
        ISignatureTransfer.TokenPermissions calldata input,
        address owner,
        address recipient,
        address tokenOut,
        uint256 amountOut
    ) private {
        emit Swapped(owner, recipient, input.token, tokenOut, input.amount, amountOut);
    }

    /// @dev Checks the whole route before any token moves, every pool authenticated. Returns the output token and,
    /// when the route is a single split whose first hop is a V2 pair, that pair (the permit then pays it directly);
    /// otherwise the zero address.
    function _validateRoute(bytes calldata route, address tokenIn, uint256 amountIn)
        private
        view
        returns (address tokenOut, address directPair)
    {
        if (route.length == 0) revert InvalidRoute();
        uint256 splitCount = _uint8At(route, 0);
        if (splitCount == 0) revert InvalidRoute();
        uint256 offset = 1;
        uint256 total = 0;
        for (uint256 s = 0; s < splitCount; s++) {
            if (offset + SPLIT_HEADER_BYTES > route.length) revert InvalidRoute();
            uint256 splitAmount = _uint128At(route, offset);
            uint256 hopCount = _uint8At(route, offset + 16);
            offset += SPLIT_HEADER_BYTES;
            if (splitAmount == 0 || hopCount == 0) revert InvalidRoute();
            if (offset + hopCount * HOP_BYTES > route.length) revert InvalidRoute();
            address splitOut = _validateHops(route, offset, hopCount, tokenIn);
            if (s == 0) tokenOut = splitOut;
            else if (splitOut != tokenOut) revert InvalidRoute();
            total += splitAmount;
            offset += hopCount * HOP_BYTES;
        }
        if (offset != route.length || total != amountIn || tokenOut == tokenIn) revert InvalidRoute();
        if (splitCount == 1 && _uint8At(route, 1 + SPLIT_HEADER_BYTES + HOP_KIND) == KIND_V2) {
            directPair = _addressAt(route, 1 + SPLIT_HEADER_BYTES);
        }
    }

    /// @dev Checks one split's hops (kind known, pool authenticated) and returns the token it ends in.
    function _validateHops(bytes calldata route, uint256 offset, uint256 hopCount, address tokenIn)
        private
        view
        returns (address hopIn)
    {
        hopIn = tokenIn;
        for (uint256 h = 0; h < hopCount; h++) {
            uint256 hop = offset + h * HOP_BYTES;
            uint256 kind = _uint8At(route, hop + HOP_KIND);
            if (kind > KIND_V3) revert InvalidRoute();
            address hopOut = _addressAt(route, hop + HOP_TOKEN_OUT);
            address pool = _addressAt(route, hop);
            if (pool != _poolFor(kind, hopIn, hopOut, _uint24At(route, hop + HOP_FEE))) revert UnknownPool(pool);
            hopIn = hopOut;
        }
    }

    /// @dev Runs every split of an already validated route.
    function _executeRoute(bytes calldata route, address tokenIn, address recipient, bool inputAtFirstPair) private {
        uint256 splitCount = _uint8At(route, 0);
        uint256 offset = 1;
        for (uint256 s = 0; s < splitCount; s++) {
            offset = _executeSplit(route, offset, tokenIn, recipient, inputAtFirstPair);
        }
    }

    /// @dev Runs the split at `offset` and returns the offset of the next one. Each hop sends its output where the
    /// next hop needs it: into the next V2 pair (which must hold its input before `swap`), to this contract when
    /// the next hop is a V3 pool (paid from here in the callback), or to the recipient after the last hop.
    function _executeSplit(
        bytes calldata route,
        uint256 offset,
        address tokenIn,
        address recipient,
        bool inputAtFirstPair
    ) private returns (uint256) {
        uint256 amount = _uint128At(route, offset);
        uint256 hopCount = _uint8At(route, offset + 16);
        offset += SPLIT_HEADER_BYTES;
        for (uint256 h = 0; h < hopCount; h++) {
            address pool = _addressAt(route, offset);
            address tokenOut = _addressAt(route, offset + HOP_TOKEN_OUT);
            address to = h + 1 < hopCount ? _nextHopInput(route, offset + HOP_BYTES) : recipient;
            if (_uint8At(route, offset + HOP_KIND) == KIND_V2) {
                if (h == 0 && !inputAtFirstPair) _transfer(tokenIn, pool, amount);
                amount = _swapV2(pool, tokenIn, tokenOut, amount, to);
            } else {
                amount = _swapV3(pool, tokenIn, tokenOut, amount, to);
            }
            tokenIn = tokenOut;
            offset += HOP_BYTES;
        }
        return offset;
    }

    /// @dev Where a hop's output goes when another hop follows (at `next`): into that V2 pair, or here for a V3 pool.
    function _nextHopInput(bytes calldata route, uint256 next) private view returns (address) {
        return _uint8At(route, next + HOP_KIND) == KIND_V2 ? _addressAt(route, next) : address(this);
    }

    /// @dev The pair already holds `amountIn`. Computes the output with UniswapV2Library.getAmountOut from the
    /// pair's current reserves (token0 is the lower address) and asks the pair for exactly that.
    function _swapV2(address pair, address tokenIn, address tokenOut, uint256 amountIn, address to)
        private
        returns (uint256 amountOut)
    {
        (uint256 reserve0, uint256 reserve1,) = IUniswapV2Pair(pair).getReserves();
        bool zeroForOne = tokenIn < tokenOut;
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountInWithFee = amountIn * 997;
        amountOut = (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
        (uint256 amount0Out, uint256 amount1Out) = zeroForOne ? (uint256(0), amountOut) : (amountOut, uint256(0));
        IUniswapV2Pair(pair).swap(amount0Out, amount1Out, to, "");
    }

    /// @dev Exact-input swap with no price limit; the callback pays `amountIn` of `tokenIn` from this contract.
    function _swapV3(address pool, address tokenIn, address tokenOut, uint256 amountIn, address to)
        private
        returns (uint256 amountOut)
    {
        bool zeroForOne = tokenIn < tokenOut;
        expectedPool = pool;
        owedToken = tokenIn;
        owedAmount = amountIn;
        (int256 amount0, int256 amount1) = IUniswapV3Pool(pool).swap(
            to,
            zeroForOne,
            int256(amountIn),
            zeroForOne ? MIN_SQRT_RATIO_PLUS_ONE : MAX_SQRT_RATIO_MINUS_ONE,
            ""
        );
        // Still set means the pool never called back, so this contract would keep the input.
        if (expectedPool != address(0)) revert IncompleteSwap(pool);
        int256 delta = zeroForOne ? amount1 : amount0;
        if (delta > 0) revert IncompleteSwap(pool);
        amountOut = uint256(-delta);
    }

    /// @dev ERC-20 transfer tolerating tokens that return nothing (USDT), rejecting false and code-less addresses.
    function _transfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeCall(IERC20Minimal.transfer, (to, amount)));
        if (!ok || (data.length == 0 ? token.code.length == 0 : !abi.decode(data, (bool)))) {
            revert TransferFailed(token);
        }
    }

    /// @dev The factory's pool for a token pair: Uniswap's CREATE2 address (UniswapV2Library.pairFor, V3
    /// PoolAddress.computeAddress). A pair of identical tokens has no pool.
    function _poolFor(uint256 kind, address tokenA, address tokenB, uint256 fee) private view returns (address) {
        if (tokenA == tokenB) revert InvalidRoute();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        (address factory, bytes32 salt, bytes32 initCodeHash) = kind == KIND_V2
            ? (v2Factory, keccak256(abi.encodePacked(token0, token1)), v2InitCodeHash)
            : (v3Factory, keccak256(abi.encode(token0, token1, uint24(fee))), v3InitCodeHash);
        return address(uint160(uint256(keccak256(abi.encodePacked(hex"ff", factory, salt, initCodeHash)))));
    }

    function _uint24At(bytes calldata b, uint256 i) private pure returns (uint256 v) {
        assembly ("memory-safe") {
            v := shr(232, calldataload(add(b.offset, i)))
        }
    }

    function _uint8At(bytes calldata b, uint256 i) private pure returns (uint256 v) {
        assembly ("memory-safe") {
            v := shr(248, calldataload(add(b.offset, i)))
        }
    }

    function _uint128At(bytes calldata b, uint256 i) private pure returns (uint256 v) {
        assembly ("memory-safe") {
            v := shr(128, calldataload(add(b.offset, i)))
        }
    }

    function _addressAt(bytes calldata b, uint256 i) private pure returns (address a) {
        assembly ("memory-safe") {
            a := shr(96, calldataload(add(b.offset, i)))
        }
    }
}
