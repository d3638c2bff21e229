/**
 * The most decimals a token may have to be indexed and quoted: the API's own cap on the decimals a caller may state
 * (`fromDecimals` / `toDecimals` in the swap worker's request schema, 0..36). Real tokens use 0..24; a token
 * reporting more (a uint8 is not enforced by what a contract returns: it can answer 10,000,000) would make amount
 * parsing and `10n ** decimals` build numbers of millions of digits.
 */
export const TOKEN_DECIMALS_MAX = 36;

/** Whether `decimals` is a token's decimals Sluice can work with: an integer in 0..`TOKEN_DECIMALS_MAX`. */
export const isSupportedDecimals = (decimals: number): boolean => Number.isInteger(decimals) && decimals >= 0 && decimals <= TOKEN_DECIMALS_MAX;
