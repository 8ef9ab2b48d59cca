import {mkdtemp, readFile, stat} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseExpiresIn, parseSecurityContext} from '../../screens/environments/tokenInput.js';
import {osc52, writeTokenFile} from '../../screens/common/secretOut.js';
import {validateCreate} from '../../screens/deployments/createInput.js';
import {buildSteps, currentStep} from '../../screens/build/steps.js';

describe('token form input', () => {
  it('accepts only a JSON object as security context', () => {
    expect(parseSecurityContext('{"tenant": "acme"}')).toEqual({ok: true, value: {tenant: 'acme'}});
    expect(parseSecurityContext('{tenant: acme}')).toMatchObject({ok: false, error: expect.stringContaining('not valid JSON')});
    expect(parseSecurityContext('[1]')).toMatchObject({ok: false, error: expect.stringContaining('must be a JSON object')});
    expect(parseSecurityContext('  ')).toMatchObject({ok: false});
  });

  it('defaults expires_in to a day and rejects non-positive or fractional values', () => {
    expect(parseExpiresIn('')).toEqual({ok: true, value: 86400});
    expect(parseExpiresIn('600')).toEqual({ok: true, value: 600});
    for (const bad of ['0', '-5', '1.5', 'soon']) expect(parseExpiresIn(bad).ok).toBe(false);
  });

  it('builds an OSC 52 clipboard sequence with the base64 text', () => {
    expect(osc52('abc')).toBe('\x1b]52;c;YWJj\x07');
  });

  it('writes the token readable by its owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-token-'));
    const path = await writeTokenFile('tok.jwt', 'eyJ.x.y', dir);
    expect(path).toBe(join(dir, 'tok.jwt'));
    expect(await readFile(path, 'utf8')).toBe('eyJ.x.y\n');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});

describe('create deployment form', () => {
  it('needs a name and a region', () => {
    expect(validateCreate({name: '  ', region: 'aws-us-east-1'})).toEqual({ok: false, error: 'name is required'});
    expect(validateCreate({name: 'x', region: undefined}).ok).toBe(false);
    expect(validateCreate({name: 'x'.repeat(101), region: 'r'}).ok).toBe(false);
    expect(validateCreate({name: ' shop ', region: 'r'})).toEqual({ok: true, value: {name: 'shop', region: 'r'}});
  });
});

describe('build timeline', () => {
  const names = (step: string) => buildSteps(step).map((s) => `${s.name}:${s.state}`);

  it('marks steps done, running and pending from the current step', () => {
    expect(names('queued')).toEqual(['queued:running', 'building:pending', 'warmup:pending', 'built:pending']);
    expect(names('building')).toEqual(['queued:done', 'building:running', 'warmup:pending', 'built:pending']);
    expect(names('built')).toEqual(['queued:done', 'building:done', 'warmup:done', 'built:done']);
    expect(names('failed')).toEqual(['queued:done', 'building:failed', 'warmup:pending', 'failed:failed']);
  });

  it('prefers the engine step over the coarse API status', () => {
    expect(currentStep({status: 'building', deploymentStatus: 'queued'})).toBe('queued');
    expect(currentStep({status: 'building', deploymentStatus: 'something-new'})).toBe('building');
    expect(currentStep({status: 'none'})).toBe('none');
  });

  it('shows when each reached step began, never a time for a pending one', () => {
    const steps = buildSteps('warmup', {queued: 'T1', building: 'T2', warmup: 'T3', built: 'T9'});
    expect(steps.map((s) => s.at)).toEqual(['T1', 'T2', 'T3', undefined]);
  });
});
