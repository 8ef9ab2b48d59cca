// What a form's checks answer: the value to send, or why not.

/** A checked input: the value, or the problem in words. */
export type Parsed<T> = {ok: true; value: T} | {ok: false; error: string};
