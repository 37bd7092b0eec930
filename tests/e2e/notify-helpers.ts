import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import type { ChannelDto, DeliveryDto, RuleCreate } from '../../domain/schemas/notify';
import { apiToken, signIn } from './helpers';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a free 127.0.0.1 port: it records every request and answers with what
 * `answer` says (200 and a small JSON body unless told otherwise).
 */
export class Receiver {
  readonly received: Received[] = [];
  answer: { status: number; body: string } = { status: 200, body: '{"errcode":0,"errmsg":"ok","receivedBy":"e2e"}' };
  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiver.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(receiver.answer.status, { 'content-type': 'application/json' });
        res.end(receiver.answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Calls the notification service as a user through a request context; answers `data`. */
export class NotifyApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** A context of its own (a test's `request` fixture cannot outlive the test); `dispose` when done. */
  static async as(user: string): Promise<NotifyApi> {
    const request = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    return new NotifyApi(request, await apiToken(request, user));
  }

  dispose = () => this.request.dispose();

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object): Promise<T> {
    const res = await this.request.fetch(path, { method, headers: { authorization: `Bearer ${this.token}` }, ...(data ? { data } : {}) });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
    return body.data;
  }

  createWebhook = (name: string, url: string, secret?: string) =>
    this.call<{ id: number }>('POST', '/notify/v1/channel', { name, kind: 'webhook', config: { url, ...(secret ? { secret } : {}) } });
  createRule = (rule: Omit<RuleCreate, 'enabled'>) => this.call<{ id: number }>('POST', '/notify/v1/rule', rule);
  channels = () => this.call<ChannelDto[]>('GET', '/notify/v1/channel');
  deliveries = (filter: object) => this.call<DeliveryDto[]>('POST', '/notify/v1/delivery/list', { page: { index: 0, limit: 100 }, filter });
  deleteChannel = (id: number) => this.call<unknown>('DELETE', `/notify/v1/channel/${id}`);
  deleteRule = (id: number) => this.call<unknown>('DELETE', `/notify/v1/rule/${id}`);
}

/** Logs in on the form with a language and theme set beforehand, and waits for the landing page. */
export async function openConsole(page: Page, user: string, lang: 'zh_cn' | 'en', theme: 'bright' | 'dark', landing: string) {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('vg.lang', l!);
      localStorage.setItem('vg.theme', th!);
    },
    [lang, theme],
  );
  await signIn(page, user, landing);
}

/** No request in flight: the screen shows what it loaded. */
export async function settled(page: Page) {
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
}

export interface TerminalIn {
  id: number;
  code: string;
  projectId: number;
}

/** The user's terminals with their projects, from the device tree, in tree order. */
export async function terminalsWithProject(request: APIRequestContext, user: string): Promise<TerminalIn[]> {
  interface Node {
    id: number;
    modelLabel: string;
    code?: string;
    children?: Node[];
  }
  const token = await apiToken(request, user);
  const body = (await (
    await request.get('/devicedata/api/comm/v1/device/tree', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: Node[] };
  const out: TerminalIn[] = [];
  const walk = (n: Node, projectId: number) => {
    const p = n.modelLabel === 'project' ? n.id : projectId;
    if (n.modelLabel === 'terminal') out.push({ id: n.id, code: n.code ?? '', projectId: p });
    n.children?.forEach((c) => walk(c, p));
  };
  body.data.forEach((n) => walk(n, -1));
  return out;
}
