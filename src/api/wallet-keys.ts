// The wallet's query-key root, on its own so the order, pay and checkout modules can refresh the
// wallet pages after what changes money or points (pay, cancel, confirm receipt, checkout with
// balance) without importing the wallet module (which imports them).
export const WALLET_ROOT_KEY = ['wallet'] as const;
