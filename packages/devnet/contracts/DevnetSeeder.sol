// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transfer(address to, uint256 value) external returns (bool);
}

interface IDevnetTokenLike {
    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address minter_) external;
    function mintBatch(address[] calldata recipients, uint256[] calldata amounts) external;
    function setMinter(address newMinter) external;
}

interface IWETH9Like {
    function deposit() external payable;
}

interface IUniswapV2FactoryLike {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2PairLike {
    function mint(address to) external returns (uint256 liquidity);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IUniswapV3FactoryLike {
    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool);
}

interface IUniswapV3PoolLike {
    function initialize(uint160 sqrtPriceX96) external;
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
    function token0() external view returns (address);
    function token1() external view returns (address);
}

/// @title DevnetSeeder
/// @notice Creates and trades the devnet's Uniswap pools from its own token balance, one transaction per pool.
/// @dev Used instead of Uniswap's NonfungiblePositionManager and SwapRouter because seeding sends thousands of pool
///      set-ups in a few blocks: one call creates a V3 pool, initialises it and mints all its positions, with no
///      per-position NFT and no per-token approvals. Liquidity is computed off-chain with the same
///      LiquidityAmounts math the position manager uses, so the positions are what a position manager would mint.
///      Only the owner (the devnet deployer) may act; the callbacks pay only the pool being minted or swapped.
contract DevnetSeeder {
    address public immutable owner;
    address private activePool;

    error NotOwner();
    error NotActivePool();
    error TransferFailed();
    error LengthMismatch();
    error CallFailed(uint256 index, bytes reason);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /// @notice Runs several of this contract's own calls in one transaction (delegatecall keeps msg.sender, the owner).
    /// @dev Seeding packs dozens of pool set-ups per transaction: fewer transactions, receipts and blocks, which is
    ///      what keeps a 10,000-pool scenario fast and anvil's per-block state history small.
    function multicall(bytes[] calldata calls) external onlyOwner {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory reason) = address(this).delegatecall(calls[i]);
            if (!ok) revert CallFailed(i, reason);
        }
    }

    /// @notice Initialises a DevnetToken installed at its address, mints its supply, then makes the owner its minter.
    function launchToken(
        address token,
        string calldata name,
        string calldata symbol,
        uint8 decimals,
        address[] calldata recipients,
        uint256[] calldata amounts
    ) external onlyOwner {
        IDevnetTokenLike(token).initialize(name, symbol, decimals, address(this));
        IDevnetTokenLike(token).mintBatch(recipients, amounts);
        IDevnetTokenLike(token).setMinter(owner);
    }

    /// @notice Wraps the attached native coin into `weth`, held by this contract for pools and transfers.
    function wrapNative(address weth) external payable onlyOwner {
        IWETH9Like(weth).deposit{value: msg.value}();
    }

    function distribute(address token, address[] calldata recipients, uint256[] calldata amounts) external onlyOwner {
        if (recipients.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < recipients.length; i++) {
            _pay(token, recipients[i], amounts[i]);
        }
    }

    /// @notice Creates the pair, deposits both amounts and mints the LP tokens to the owner.
    function createV2Pair(address factory, address tokenA, address tokenB, uint256 amountA, uint256 amountB)
        external
        onlyOwner
        returns (address pair)
    {
        pair = IUniswapV2FactoryLike(factory).createPair(tokenA, tokenB);
        _pay(tokenA, pair, amountA);
        _pay(tokenB, pair, amountB);
        IUniswapV2PairLike(pair).mint(owner);
    }

    /// @notice A real V2 swap: pays `amountIn` of `tokenIn` to the pair and takes the given outputs.
    function swapV2(address pair, address tokenIn, uint256 amountIn, uint256 amount0Out, uint256 amount1Out)
        external
        onlyOwner
    {
        _pay(tokenIn, pair, amountIn);
        IUniswapV2PairLike(pair).swap(amount0Out, amount1Out, address(this), "");
    }

    /// @notice Creates and initialises a V3 pool, then mints each position (liquidity computed off-chain).
    function createV3Pool(
        address factory,
        address tokenA,
        address tokenB,
        uint24 fee,
        uint160 sqrtPriceX96,
        int24[] calldata tickLowers,
        int24[] calldata tickUppers,
        uint128[] calldata liquidities
    ) external onlyOwner returns (address pool) {
        if (tickLowers.length != tickUppers.length || tickLowers.length != liquidities.length) revert LengthMismatch();
        pool = IUniswapV3FactoryLike(factory).createPool(tokenA, tokenB, fee);
        IUniswapV3PoolLike(pool).initialize(sqrtPriceX96);
        activePool = pool;
        for (uint256 i = 0; i < liquidities.length; i++) {
            IUniswapV3PoolLike(pool).mint(address(this), tickLowers[i], tickUppers[i], liquidities[i], "");
        }
        activePool = address(0);
    }

    /// @notice Two real swaps that leave the pool exactly at `sqrtPriceX96`: down to `awaySqrtPriceX96`, then back.
    /// @dev A swap with a price limit and an unbounded amount stops exactly at the limit, so the pool's price after
    ///      the trade is the scenario's price, not the price moved by the trade.
    function roundTripV3(address pool, uint160 awaySqrtPriceX96, uint160 sqrtPriceX96) external onlyOwner {
        activePool = pool;
        IUniswapV3PoolLike(pool).swap(address(this), true, type(int128).max, awaySqrtPriceX96, "");
        IUniswapV3PoolLike(pool).swap(address(this), false, type(int128).max, sqrtPriceX96, "");
        activePool = address(0);
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        _payActivePool(int256(amount0Owed), int256(amount1Owed));
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        _payActivePool(amount0Delta, amount1Delta);
    }

    function _payActivePool(int256 amount0, int256 amount1) private {
        if (msg.sender != activePool || msg.sender == address(0)) revert NotActivePool();
        if (amount0 > 0) _pay(IUniswapV3PoolLike(msg.sender).token0(), msg.sender, uint256(amount0));
        if (amount1 > 0) _pay(IUniswapV3PoolLike(msg.sender).token1(), msg.sender, uint256(amount1));
    }

    function _pay(address token, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeCall(IERC20Like.transfer, (to, amount)));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TransferFailed();
    }
}
