/**
 * How long a panel session lasts from its sign-in, whatever renews its cookie: a bound that also tells
 * how long a signed-out session must stay listed as ended.
 */
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;
