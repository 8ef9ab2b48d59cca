// The set-variable form's checks: the contract's rules plus the service's rule for new names.
import {describe, expect, it} from 'vitest';
import {checkVariable, secretPart} from '../../screens/variables/varInput.js';

const none = new Set<string>();

describe('checkVariable', () => {
  it('accepts a POSIX name with a value', () => {
    expect(checkVariable({name: 'FEATURE_FLAG', value: 'on'}, none)).toEqual({ok: true, variable: {name: 'FEATURE_FLAG', value: 'on'}});
  });

  it('refuses a bad new name but lets a stored legacy name be resent', () => {
    expect(checkVariable({name: 'legacy-name', value: 'x'}, none)).toMatchObject({ok: false, field: 'name'});
    expect(checkVariable({name: '9LIVES', value: 'x'}, none)).toMatchObject({ok: false, field: 'name'});
    expect(checkVariable({name: 'legacy-name', value: 'x'}, new Set(['legacy-name']))).toMatchObject({ok: true});
  });

  it('refuses an empty name, an empty value, the [ENCRYPTED] placeholder and an over-long value', () => {
    expect(checkVariable({name: '', value: 'x'}, none)).toMatchObject({ok: false, field: 'name'});
    expect(checkVariable({name: 'A', value: ''}, none)).toMatchObject({ok: false, field: 'value', text: expect.stringMatching(/unset/)});
    expect(checkVariable({name: 'A', value: '[ENCRYPTED]'}, none)).toMatchObject({ok: false, field: 'value', text: expect.stringMatching(/placeholder/)});
    expect(checkVariable({name: 'A', value: 'x'.repeat(65_537)}, none)).toMatchObject({ok: false, field: 'value'});
  });

  it('names the part that makes a name secret', () => {
    expect(secretPart('my_api_key')).toBe('KEY');
    expect(secretPart('CUBEJS_DB_PASS')).toBe('PASS');
    expect(secretPart('CUBEJS_DB_HOST')).toBeUndefined();
  });
});
