import type { FastifyInstance } from 'fastify';
import { bearer } from '../telemetry/helpers';

interface Answer<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}

/** JSON calls as one user, with the envelope back. */
export function caller(app: FastifyInstance, token: string, lang?: 'en') {
  const headers = { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) };
  return {
    post: async <T>(url: string, payload: unknown) =>
      (await app.inject({ method: 'POST', url, headers, payload: payload as object })).json() as Answer<T>,
    get: async <T>(url: string) => (await app.inject({ method: 'GET', url, headers })).json() as Answer<T>,
    put: async <T>(url: string, payload: unknown) =>
      (await app.inject({ method: 'PUT', url, headers, payload: payload as object })).json() as Answer<T>,
  };
}
