/**
 * Seed 9: bank-card and USDT-address lists are trimmed to 3. A member binds at most 3 of each
 * (CARD_LIMIT, USDT_ADDRESS_LIMIT), so the withdraw screen offers every one bound.
 */
export const DESTINATION_LIMIT = 3;
