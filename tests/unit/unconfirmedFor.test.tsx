// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { UnconfirmedFor } from '../../src/app/realtime/UnconfirmedFor';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';
import { commits, counted, mount } from './renderCounts';

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
let root: Root | null = null;
const shown = () => document.body.textContent ?? '';

describe('UnconfirmedFor: the escalation banner’s time unconfirmed', () => {
  beforeAll(() => useLanguagePack('zh_cn', zh));
  beforeEach(() => {
    vi.useFakeTimers();
    // on a whole second, so each tick of the shared clock falls 1 s apart from here
    vi.setSystemTime(Date.UTC(2026, 10, 30, 3, 0, 0, 0));
    document.body.innerHTML = '';
  });
  afterEach(() => {
    if (root) act(() => root!.unmount());
    root = null;
    vi.useRealTimers();
  });

  it('past its first minute renders once a minute, not at every tick of the clock', () => {
    // 20 minutes and 30 seconds unconfirmed, as an escalation (15 minutes at least) is
    root = mount(counted('banner', <UnconfirmedFor since={Date.now() - 20 * 60_000 - 30_000} />));
    const first = shown();
    expect(first).toBe('已 20 分钟未确认');
    advance(29_000);
    expect(commits.get('banner') ?? 0).toBe(0);
    expect(shown()).toBe(first);
    // the 21st minute
    advance(1_000);
    expect(commits.get('banner')).toBe(1);
    expect(shown()).toBe('已 21 分钟未确认');
    advance(59_000);
    expect(commits.get('banner')).toBe(1);
  });

  it('under a minute counts the seconds', () => {
    root = mount(counted('banner', <UnconfirmedFor since={Date.now() - 10_000} />));
    const texts = [shown()];
    for (let i = 0; i < 5; i++) {
      advance(1_000);
      texts.push(shown());
    }
    expect(commits.get('banner')).toBe(5);
    expect(texts).toEqual([10, 11, 12, 13, 14, 15].map((s) => `已 ${s} 秒未确认`));
  });
});
