// Help's sections: one per key scope, each under its own heading. The Logs screen is titled like the log view's
// section ("Logs"): two sections with one heading read as one list twice, and React was given two children with
// the same key (`h-Logs`), which it may duplicate or drop.
import {describe, expect, it} from 'vitest';
import {helpSections} from '../../src/ui/components/HelpOverlay.js';

const policy = {readonly: false};

describe('help sections', () => {
  it('name the Logs screen\'s own keys apart from the log view\'s', () => {
    const headings = helpSections('logs', 'Logs', policy).map((s) => s.heading);
    expect(headings.slice(0, 2)).toEqual(['Logs screen', 'Lists']);
    expect(headings).toContain('Logs');
    expect(new Set(headings).size).toBe(headings.length);
    expect(helpSections('deployments', 'Deployments', policy)[0]!.heading).toBe('Deployments');
  });
});
