// The notice of an ended run as bytes for the terminal: which desktop-notification protocol a terminal gets (the
// rule in src/ui/activity/notice.ts), the bell and the notification each turned off by `[ui]`, and server text
// made inert before it enters an OSC string; several runs in one notice that names each, the failed first.
import {describe, expect, it} from 'vitest';
import {desktopProtocol, noticeText, runsNotice, terminalNotice} from '../../src/ui/activity/notice.js';
import type {ActivityRun} from '../../src/workflows/activity.js';

const failed: ActivityRun = {
  key: 'sync:1:s1', kind: 'sync', deploymentId: '1', deploymentName: 'analytics-prod', id: 's1', ref: 'main', status: 'failed', phase: 'dbt-compile', durationMs: 16_000,
};

describe('desktop notification protocol', () => {
  it('OSC 9 for iTerm2, WezTerm, Ghostty and kitty; OSC 777 for VTE, foot and urxvt; none elsewhere', () => {
    expect(desktopProtocol({TERM_PROGRAM: 'iTerm.app'})).toBe('osc9');
    expect(desktopProtocol({TERM_PROGRAM: 'WezTerm'})).toBe('osc9');
    expect(desktopProtocol({TERM_PROGRAM: 'ghostty'})).toBe('osc9');
    expect(desktopProtocol({TERM: 'xterm-kitty'})).toBe('osc9');
    expect(desktopProtocol({KITTY_WINDOW_ID: '1', TERM: 'xterm-256color'})).toBe('osc9');
    expect(desktopProtocol({VTE_VERSION: '7600', TERM: 'xterm-256color'})).toBe('osc777');
    expect(desktopProtocol({TERM: 'foot'})).toBe('osc777');
    expect(desktopProtocol({TERM: 'rxvt-unicode-256color'})).toBe('osc777');
    expect(desktopProtocol({TERM: 'xterm-256color'})).toBeUndefined();
    expect(desktopProtocol({})).toBeUndefined();
  });

  it('inside tmux or screen: none, whatever the terminal outside', () => {
    expect(desktopProtocol({TERM_PROGRAM: 'iTerm.app', TMUX: '/tmp/tmux-0/default,1,0'})).toBeUndefined();
    expect(desktopProtocol({VTE_VERSION: '7600', TERM: 'tmux-256color'})).toBeUndefined();
    expect(desktopProtocol({VTE_VERSION: '7600', STY: '12.pts-0'})).toBeUndefined();
  });
});

describe('terminalNotice', () => {
  it('bell then OSC 9 or OSC 777, each turned off on its own', () => {
    expect(terminalNotice(runsNotice([failed]), {env: {TERM_PROGRAM: 'iTerm.app'}})).toBe('\u0007\u001b]9;svc: ✗ sync on analytics-prod failed in dbt-compile after 16s\u001b\\');
    expect(terminalNotice(runsNotice([failed]), {env: {VTE_VERSION: '7600'}})).toBe('\u0007\u001b]777;notify;svc;✗ sync on analytics-prod failed in dbt-compile after 16s\u001b\\');
    expect(terminalNotice(runsNotice([failed]), {env: {VTE_VERSION: '7600'}, bell: false})).toBe('\u001b]777;notify;svc;✗ sync on analytics-prod failed in dbt-compile after 16s\u001b\\');
    expect(terminalNotice(runsNotice([failed]), {env: {VTE_VERSION: '7600'}, notify: false})).toBe('\u0007');
    expect(terminalNotice(runsNotice([failed]), {env: {VTE_VERSION: '7600'}, notify: false, bell: false})).toBe('');
    expect(terminalNotice(runsNotice([failed]), {env: {TMUX: '1', TERM_PROGRAM: 'iTerm.app'}})).toBe('\u0007');
  });

  it("server text cannot end the OSC string or add fields: controls are shown as text, ';' becomes ','", () => {
    const hostile = {...failed, deploymentName: 'x\u001b\\\u0007\u009c;body\u001b]0;t\u0007', phase: 'p\u001b[2J;q'};
    const bytes = terminalNotice(runsNotice([hostile]), {env: {VTE_VERSION: '1'}});
    const osc = bytes.slice(1);
    expect(osc.startsWith('\u001b]777;notify;svc;')).toBe(true);
    expect(osc.endsWith('\u001b\\')).toBe(true);
    const body = osc.slice('\u001b]777;notify;svc;'.length, -2);
    expect(body).not.toMatch(/[\u0000-\u001f\u007f-\u009f;]/);
    expect(noticeText(hostile)).toBe(String.raw`sync on x\x1b\\x07\x9c;body\x1b]0;t\x07 failed in p\x1b[2J;q after 16s`);
  });
});

describe('runsNotice', () => {
  const built: ActivityRun = {key: 'build:2:7', kind: 'build', deploymentId: '2', deploymentName: 'sandbox-01', id: '7', ref: 'main', status: 'succeeded', durationMs: 65_000};
  const cancelled: ActivityRun = {key: 'sync:3:s3', kind: 'sync', deploymentId: '3', deploymentName: '', id: 's3', ref: 'main', status: 'cancelled'};

  it('one run: its own text and level', () => {
    expect(runsNotice([built])).toEqual({level: 'success', text: 'build on sandbox-01 succeeded after 1m 5s'});
  });

  it('several: one line naming each, the failed first, at the level of the worst', () => {
    expect(runsNotice([built, failed, cancelled])).toEqual({
      level: 'error',
      text: '3 runs ended: ✗ sync on analytics-prod failed in dbt-compile; ⊘ sync on 3 cancelled; ✓ build on sandbox-01',
    });
    expect(runsNotice([built, cancelled]).level).toBe('warn');
    // One notification for them all, ';' kept out of OSC 777's fields.
    expect(terminalNotice(runsNotice([built, failed]), {env: {VTE_VERSION: '1'}})).toBe('\u0007\u001b]777;notify;svc;✗ 2 runs ended: ✗ sync on analytics-prod failed in dbt-compile, ✓ build on sandbox-01\u001b\\');
  });
});
