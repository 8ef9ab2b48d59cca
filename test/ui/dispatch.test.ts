import {describe, expect, it} from 'vitest';
import type {Key} from 'ink';
import {dispatchKey, type KeyHandlers, type Layer, type Priority} from '../../src/ui/dispatch/dispatch.js';
import {keyName} from '../../src/ui/keymap.js';

const noKey = {} as Key;
const ev = (name: string) => ({name, input: name, key: noKey});
let ids = 0;
const layer = (priority: Priority, handlers: KeyHandlers, active = true): Layer => ({
  id: ++ids,
  priority,
  handlers: {current: handlers},
  active: {current: active},
});

describe('dispatchKey', () => {
  it('tries dialog > input > screen > global and stops at the first consumer', () => {
    const calls: string[] = [];
    const layers = [
      layer('global', {'app.quit': () => void calls.push('global')}),
      layer('screen', {'*': () => (calls.push('screen'), false)}),
      layer('input', {'*': () => void calls.push('input')}),
    ];
    expect(dispatchKey(layers, ev('q'), {readonly: false})).toBe(true);
    expect(calls).toEqual(['input']);
  });

  it('a handler returning false passes the key on; inactive layers are skipped', () => {
    const calls: string[] = [];
    const layers = [
      layer('global', {'app.quit': () => void calls.push('quit')}),
      layer('screen', {'list.down': () => false}),
      layer('dialog', {'*': () => void calls.push('dialog')}, false),
    ];
    expect(dispatchKey(layers, ev('q'), {readonly: false})).toBe(true);
    expect(calls).toEqual(['quit']);
    expect(dispatchKey(layers, ev('j'), {readonly: false})).toBe(false);
  });

  it('newest layer wins within one priority', () => {
    const calls: string[] = [];
    const layers = [layer('screen', {'list.down': () => void calls.push('old')}), layer('screen', {'list.down': () => void calls.push('new')})];
    dispatchKey(layers, ev('down'), {readonly: false});
    expect(calls).toEqual(['new']);
  });

  it('read-only mode never runs a dangerous action', () => {
    const calls: string[] = [];
    const layers = [layer('screen', {'deployments.delete': () => void calls.push('delete')})];
    expect(dispatchKey(layers, ev('D'), {readonly: true})).toBe(false);
    expect(dispatchKey(layers, ev('D'), {readonly: false})).toBe(true);
    expect(calls).toEqual(['delete']);
  });
});

describe('keyName', () => {
  const k = (over: Partial<Key>) => ({...noKey, ...over}) as Key;
  it('normalises Ink key flags', () => {
    expect(keyName('', k({escape: true, meta: true}))).toBe('escape');
    expect(keyName('\r', k({return: true}))).toBe('enter');
    expect(keyName('', k({delete: true}))).toBe('backspace');
    expect(keyName('c', k({ctrl: true}))).toBe('ctrl+c');
    expect(keyName('G', k({shift: true}))).toBe('G');
    expect(keyName('', k({pageDown: true}))).toBe('pagedown');
  });
});
