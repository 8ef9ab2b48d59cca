// Replaced at bundle time would be nicer, but one constant keeps the bundle and tsx runs identical.
export const VERSION = '0.1.0';
