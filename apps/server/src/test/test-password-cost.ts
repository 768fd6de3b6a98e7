import type { ScryptCost } from '../modules/auth/passwords.js';

/**
 * scrypt at about a hundredth of production's cost, for test apps and the end-to-end server: they create and sign in
 * thousands of users. The password tests themselves hash at production's cost.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
