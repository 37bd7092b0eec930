/**
 * deploy/nginx.conf made runnable by a private nginx (`npm run cluster`, tests/cluster): the file as
 * documented, with its listen address and its upstream servers replaced, inside a main config that
 * keeps the pid file, logs and temporary files in one directory.
 */
import fs from 'node:fs';
import path from 'node:path';

const NGINX_SITE = path.resolve(import.meta.dirname, '..', 'deploy', 'nginx.conf');

function renderSite(listen: string, upstreams: string[]): string {
  const site = fs.readFileSync(NGINX_SITE, 'utf8');
  if (!/^\s*server 127\.0\.0\.1:\d+ .*;$/m.test(site) || !/^\s*listen 80;$/m.test(site))
    throw new Error(`${NGINX_SITE}: no upstream server line or no "listen 80;"`);
  // each upstream block's servers become the given ones, with that block's parameters
  return site
    .replace(/^\s*listen 80;$/m, `    listen ${listen};`)
    .replace(/^((\s*)server 127\.0\.0\.1:\d+ (.*);\n)+/gm, (_block, _line, indent: string, params: string) =>
      upstreams.map((u) => `${indent}server ${u} ${params};\n`).join(''),
    );
}

/** The whole nginx.conf of a private instance kept in `dir`. */
export function privateNginxConf(dir: string, listen: string, upstreams: string[]): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `${name}_temp`)};`;
  return [
    'daemon off;',
    // One process, so stopping (or SIGKILLing) the child by its PID leaves no orphaned worker behind.
    'master_process off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')}`,
    `  ${temp('proxy')}`,
    `  ${temp('fastcgi')}`,
    `  ${temp('uwsgi')}`,
    `  ${temp('scgi')}`,
    renderSite(listen, upstreams),
    '}',
    '',
  ].join('\n');
}
