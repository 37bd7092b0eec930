// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { tokenStorage } from '../../src/app/api/tokenStorage';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';
import { currentToasts } from '../../src/app/ui/toastStore';
import { TenantDialog } from '../../src/features/platformOperate/CreateDialogs';
import { auth, login, startApp, type TestApp } from '../server/helpers';

/**
 * The form-dialog hook (src/app/ui/form/useFormDialog.ts) in a real save dialog, 新增租户, against the
 * real server: the console's API client sends through the app's inject instead of a socket, so every
 * answer — the {code, msg, data} refusal included — is the server's own.
 */
let server: TestApp;
let platform: { token: string; user: { id: number } };
/** the requests the console sent, as "METHOD path" */
const sent: string[] = [];
const TENANT_POST = 'POST /wisdompower/v1/platform/tenant';

beforeAll(async () => {
  server = await startApp();
  platform = await login(server.app, 'platform');
  await useLanguagePack('zh_cn', zh);
  tokenStorage.set(platform.token, platform.user.id);
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${path}`);
    const res = await server.app.inject({
      method: method as 'POST',
      url: path,
      headers: init.headers as Record<string, string>,
      payload: init.body as string | undefined,
    });
    return { status: res.statusCode, ok: res.statusCode < 400, json: async () => res.json() as unknown };
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
  sent.length = 0;
});

/** The dialog as the platform screen holds it: open until saved or cancelled; `saved` counts onSaved. */
function open() {
  const saved = vi.fn();
  function Screen() {
    const [shown, setShown] = useState(true);
    return <TenantDialog open={shown} onClose={() => setShown(false)} onSaved={() => (setShown(false), saved())} />;
  }
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  flushSync(() => root!.render(<Screen />));
  return saved;
}

const form = () => document.querySelector<HTMLFormElement>('[data-testid=tenant-form]');
const nameInput = () => form()!.querySelector<HTMLInputElement>('input[name=tenantName]')!;

/** Types as a user does: the input's value through its native setter, then the input event React listens to. */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const submit = () => form()!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
const tenantsNamed = (name: string) => server.app.db.selectFrom('tenant').select('id').where('name', '=', name).execute();

describe('a save dialog on the form hook', () => {
  it("does not send a draft its check refuses: the field's message stands under it", async () => {
    const saved = open();
    await vi.waitFor(() => expect(form()).not.toBeNull());
    type(nameInput(), '   ');
    submit();
    await vi.waitFor(() => expect(form()!.querySelector('[role=alert]')?.textContent).toBe('租户名称不能为空'));
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(saved).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the draft when the server refuses, and shows the server's message", async () => {
    const taken = '已有租户甲';
    const first = await server.app.inject({
      method: 'POST',
      url: '/wisdompower/v1/platform/tenant',
      headers: auth(platform.token),
      payload: { name: taken },
    });
    expect(first.json()).toMatchObject({ code: 0 });
    const saved = open();
    await vi.waitFor(() => expect(form()).not.toBeNull());
    type(nameInput(), taken);
    submit();
    await vi.waitFor(() =>
      expect(currentToasts()).toContainEqual(expect.objectContaining({ kind: 'error', text: `租户 ${taken} 已存在` })),
    );
    expect(sent).toEqual([TENANT_POST]);
    expect(saved).not.toHaveBeenCalled();
    expect(form()).not.toBeNull();
    expect(nameInput().value).toBe(taken);
    // the save button is on again for another try
    await vi.waitFor(() => expect(form()!.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false));
  });

  it('closes on success and calls onSaved once, with the success toast', async () => {
    const saved = open();
    await vi.waitFor(() => expect(form()).not.toBeNull());
    type(nameInput(), '新租户乙');
    submit();
    await vi.waitFor(() => expect(form()).toBeNull());
    expect(saved).toHaveBeenCalledTimes(1);
    expect(currentToasts()).toContainEqual(expect.objectContaining({ kind: 'success', text: '保存成功!' }));
    expect(await tenantsNamed('新租户乙')).toHaveLength(1);
  });

  it('sends once when submitted twice while the first is on its way', async () => {
    const saved = open();
    await vi.waitFor(() => expect(form()).not.toBeNull());
    type(nameInput(), '新租户丙');
    // Enter twice in a row: both submits come before the first answer
    submit();
    submit();
    await vi.waitFor(() => expect(form()).toBeNull());
    expect(sent).toEqual([TENANT_POST]);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(await tenantsNamed('新租户丙')).toHaveLength(1);
  });
});
