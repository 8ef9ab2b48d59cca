import {describe, expect, it} from 'vitest';
import type {Key} from 'ink';
import {dispatchKey, keysOf, splitChunk, typingLayer, type KeyHandlers, type Layer, type Priority, type RawKey} from '../../src/ui/dispatch/dispatch.js';
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

describe('splitChunk and keysOf (several keys in one terminal read)', () => {
  const names = (input: string) => splitChunk(input, {} as Key).map((k) => keyName(k.input, k.key));
  it('keeps a single key, and keys Ink already named, as they are', () => {
    expect(names('j')).toEqual(['j']);
    expect(names('é')).toEqual(['é']);
    expect(splitChunk('', {upArrow: true} as Key)).toEqual([{input: '', key: {upArrow: true}}]);
  });

  it('splits text from the control keys around it', () => {
    expect(names('main\r')).toEqual(['main', 'enter']);
    expect(names('n\r\r')).toEqual(['n', 'enter', 'enter']);
    expect(names('ab\tc')).toEqual(['ab', 'tab', 'c']);
    expect(names('\u007f\u007fx')).toEqual(['backspace', 'backspace', 'x']);
    expect(names('jj\u0003')).toEqual(['jj', 'ctrl+c']);
    expect(names('\u0004\u0015')).toEqual(['ctrl+d', 'ctrl+u']);
  });

  it('a run goes whole to a text field and key by key anywhere else, the rest of it to the layer each key leaves', () => {
    const [run] = splitChunk('jGé', {} as Key);
    const text = {...layer('input', {}), text: true};
    expect(keysOf(run!, text)).toEqual([run]);
    const screen = layer('screen', {});
    const keys: RawKey[] = [];
    for (let left: RawKey | undefined = run, n = 0; left && n < 5; n++) {
      const [key, rest] = keysOf(left, screen);
      keys.push(key!);
      left = rest;
    }
    expect(keys.map((k) => keyName(k.input, k.key))).toEqual(['j', 'G', 'é']);
    expect(keys.map((k) => k.key.shift)).toEqual([false, true, false]);
    expect(keysOf(run!, undefined)).toHaveLength(2);
    // The first key opened a field (the palette's `:`): the rest of the read is one key, typed into it whole.
    expect(keysOf(keysOf(run!, screen)[1]!, text)).toEqual([{input: 'Gé', key: {shift: false}}]);
  });

  it('text reaches the newest layer that takes a character: through one that binds named keys only', () => {
    const field = {...layer('input', {'*': () => true}), text: true};
    const palette = layer('input', {'palette.go': () => {}, 'palette.next': () => {}});
    expect(typingLayer([field, palette])).toBe(field);
    const list = layer('dialog', {'list.down': () => {}});
    expect(typingLayer([field, palette, list])).toBe(list);
    expect(typingLayer([field, palette, {...list, active: {current: false}}])).toBe(field);
  });
});
