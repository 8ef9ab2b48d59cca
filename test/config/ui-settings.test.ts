// `[ui]` in the config file: notify and bell (true/false), and the pins per context, which `*` in the console writes
// through the config store without touching the contexts.
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {uiPrefs} from '../../src/commands/uiPrefs.js';
import {parseConfigText} from '../../src/config/file.js';
import {ConfigStore} from '../../src/config/store.js';

const saved = process.env.SVC_CONFIG_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.SVC_CONFIG_DIR;
  else process.env.SVC_CONFIG_DIR = saved;
});

describe('[ui] settings', () => {
  it('reads notify, bell and pins; refuses values of the wrong kind, naming the key', () => {
    const ok = parseConfigText('[contexts]\n[ui]\nnotify = false\nbell = true\n[ui.pins]\nprod = ["1", "42"]\n', 'c.toml');
    expect(ok.ui).toEqual({notify: false, bell: true, pins: {prod: ['1', '42']}});
    expect(() => parseConfigText('[ui]\nbell = "no"\n', 'c.toml')).toThrow('failed to parse c.toml: `ui.bell` must be true or false');
    expect(() => parseConfigText('[ui.pins]\nprod = [1]\n', 'c.toml')).toThrow('`ui.pins.prod` must be a list of deployment ids');
  });

  it('the console pins through the config store: contexts and other settings stay, the next start reads the pins', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'svc-ui-settings-')), 'svc');
    process.env.SVC_CONFIG_DIR = dir;
    new ConfigStore(dir).write({default_context: 'prod', contexts: {prod: {url: 'https://p.example', api_key: 'k'}}, ui: {bell: false}});
    const prefs = uiPrefs();
    expect(prefs.bell).toBe(false);
    expect(prefs.notify).toBeUndefined();
    expect(prefs.pinsOf?.('prod')).toEqual([]);
    await prefs.savePins?.('prod', ['1', '42']);
    await prefs.savePins?.('local', ['3']);
    const text = readFileSync(join(dir, 'config.toml'), 'utf8');
    expect(text).toContain('[contexts.prod]\nurl = "https://p.example"\napi_key = "k"');
    expect(text).toContain('[ui]\nbell = false\n\n[ui.pins]\nlocal = [ "3" ]\nprod = [ "1", "42" ]\n');
    const next = uiPrefs();
    expect(next.pinsOf?.('prod')).toEqual(['1', '42']);
    // Unpinning the last one leaves no empty list behind.
    await next.savePins?.('local', []);
    expect(readFileSync(join(dir, 'config.toml'), 'utf8')).not.toContain('local');
  });

  it('a config that does not parse: the console starts with the defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-ui-settings-'));
    process.env.SVC_CONFIG_DIR = dir;
    writeFileSync(join(dir, 'config.toml'), '[ui\n', {mode: 0o600});
    expect(uiPrefs().pinsOf?.('x')).toEqual([]);
  });
});
