/**
 * What the sign-in answers about the second step, kept apart from the database code so the login form
 * can tell them apart: the first moves it to the code step, the second is a refusal of the code.
 */
export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app.";
export const WRONG_CODE = "That code is wrong or was already used. Enter the current code from your authenticator app, or a recovery code.";
