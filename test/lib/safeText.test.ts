import {describe, expect, it} from 'vitest';
import {safeJson, safeLine, safeText} from '../../src/lib/safeText.js';

const ESC = '\u001b';
const hostile = `prod${ESC}]0;pwned\u0007${ESC}[2J\r\u009b31m\u202eevil\u2066x\u2028y`;
/** Any character a terminal would act on, other than TAB and LF. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('safeText', () => {
  it('makes every control, C1 and bidi character visible and inert', () => {
    const out = safeText(hostile);
    expect(out).not.toMatch(ACTIVE);
    expect(out).toBe('prod\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\x9b31m\\u202eevil\\u2066x\\u2028y');
  });

  it('keeps newlines and tabs in text, folds them in a line', () => {
    expect(safeText('a\n\tb')).toBe('a\n\tb');
    expect(safeLine('a\n\tb')).toBe('a  b');
    expect(safeLine(hostile)).not.toMatch(ACTIVE);
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    const plain = 'Café — naïve 東京 🚀 [ok]';
    expect(safeText(plain)).toBe(plain);
    expect(safeLine(plain)).toBe(plain);
  });

  it('keeps JSON the same document', () => {
    const value = {name: hostile};
    const json = safeJson(JSON.stringify(value));
    expect(json).not.toMatch(ACTIVE);
    expect(JSON.parse(json)).toEqual(value);
  });
});
