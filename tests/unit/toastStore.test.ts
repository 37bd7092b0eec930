import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TOAST_MS, currentToasts, showToast, toastError } from '../../src/app/ui/toastStore';

describe('toasts: one per cause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('four failures with the same message show one toast, which lasts 5 s from the last one', () => {
    for (let i = 0; i < 4; i++) toastError('请检查网络是否连接正常');
    expect(currentToasts().map((t) => t.text)).toEqual(['请检查网络是否连接正常']);
    vi.advanceTimersByTime(ERROR_TOAST_MS - 1000);
    toastError('请检查网络是否连接正常');
    vi.advanceTimersByTime(ERROR_TOAST_MS - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it('different causes each get their own toast; the same text as a success is another cause', () => {
    toastError('请检查网络是否连接正常');
    toastError('无操作权限!');
    showToast('无操作权限!', 'success');
    expect(currentToasts().map((t) => `${t.kind}:${t.text}`)).toEqual([
      'error:请检查网络是否连接正常',
      'error:无操作权限!',
      'success:无操作权限!',
    ]);
  });
});
