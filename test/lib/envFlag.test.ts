// Environment switches read one way: the update check, telemetry, the browser opener and the login prompt agree on what `CI=false` or `…=0` means.
import {describe, expect, it} from 'vitest';
import {canPrompt} from '../../src/commands/auth.js';
import {envFlag} from '../../src/lib/envFlag.js';
import {telemetryUrl} from '../../src/telemetry/telemetry.js';
import {updateChecksEnabled} from '../../src/update/background.js';

describe('envFlag', () => {
  it('is on for any value but unset, empty, 0 and false (any case)', () => {
    for (const off of [undefined, '', '0', 'false', 'FALSE', 'False']) expect(envFlag(off), String(off)).toBe(false);
    for (const on of ['1', 'true', 'yes', 'TRUE', 'anything']) expect(envFlag(on), on).toBe(true);
  });

  it('the update check and telemetry read CI and their opt-outs the same way', () => {
    const base = {SVC_UPDATE_URL: 'http://127.0.0.1:9/latest', SVC_TELEMETRY_URL: 'http://127.0.0.1:9/t'};
    for (const ci of ['0', 'false', '']) {
      expect(updateChecksEnabled({...base, CI: ci})).toBe(true);
      expect(telemetryUrl({...base, CI: ci})).toBe(base.SVC_TELEMETRY_URL);
    }
    expect(updateChecksEnabled({...base, CI: 'true'})).toBe(false);
    expect(telemetryUrl({...base, CI: '1'})).toBeUndefined();
    expect(updateChecksEnabled({...base, SVC_NO_UPDATE_CHECK: 'False'})).toBe(true);
    expect(telemetryUrl({...base, SVC_NO_TELEMETRY: 'yes'})).toBeUndefined();
  });

  it('svc login asks for the address at a terminal unless CI is on, CI=0 and CI=FALSE being off (before: CI=0 counted as on)', () => {
    expect(canPrompt({CI: '0'}, true, true)).toBe(true);
    expect(canPrompt({CI: 'FALSE'}, true, true)).toBe(true);
    expect(canPrompt({CI: 'true'}, true, true)).toBe(false);
    expect(canPrompt({}, true, false)).toBe(false);
  });
});
