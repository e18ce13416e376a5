/**
 * The type of a channel's reply value, carried by the contract for the compiler only: main's
 * services must return it and the page's API is typed with it. Nothing is checked at run time
 * (main builds the reply), so the value is a placeholder.
 */
export const out = <T>(): T => undefined as T;
