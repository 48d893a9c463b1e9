/** C0 and C1 controls and DEL, line breaks and tabs included: never part of one line of text. */
const CONTROL = "\\u0000-\\u001f\\u007f-\\u009f";
/** Bidirectional embeddings, overrides and isolates: they change how the text around them reads. */
const BIDI_CONTROL = "\\u202a-\\u202e\\u2066-\\u2069";
/** Characters that show nothing and join nothing: a zero-width space, a word joiner, a stray byte order mark. */
const INVISIBLE = "\\u200b\\u2060\\ufeff";

const inLine = new RegExp(`[${CONTROL}${BIDI_CONTROL}${INVISIBLE}]`);
const inMessage = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROL}]`);
const visible = new RegExp(`[^\\s${INVISIBLE}\\u200c-\\u200f]`);

/**
 * Whether one line of text (a name, a reference, a stock code) holds what a reader cannot see or that
 * changes how its neighbours read: `\u202Eevil\u202C Shop` shows as "live Shop". Joiners stay allowed, since
 * emoji and several scripts need them.
 */
export const hasHiddenCharacter = (text: string) => inLine.test(text);

/** As hasHiddenCharacter for a message of several lines: line breaks and tabs are text there. */
export const hasHiddenCharacterInMessage = (text: string) => inMessage.test(text);

/** Whether the text shows anything at all. */
export const hasVisibleCharacter = (text: string) => visible.test(text);

export const HIDDEN_CHARACTER_MESSAGE = "Must not contain control characters, direction overrides or invisible characters.";
