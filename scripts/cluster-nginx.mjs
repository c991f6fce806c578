// The cluster's nginx configuration (issue 54), written for the API processes it fronts.
//
// - upstream: the API processes, each taken out for `fail_timeout` after `max_fails` failed tries (nginx's
//   open-source health checks are passive); keep-alive connections to them.
// - proxy_next_upstream: a request that failed to reach a process (refused, reset, timed out before an
//   answer, 502/503/504) is tried on the next one — for idempotent methods only, which is nginx's rule
//   unless `non_idempotent` is named (it is not): a POST that may have reached a process is never sent
//   twice by nginx; the client retries it with its Idempotency-Key.
// - the live stream (/api/stream, server-sent events) passes through unbuffered, held open for an hour.
// - X-Forwarded-For and X-Forwarded-Proto for the API (TRUST_PROXY names nginx), and the Host kept, so each
//   merchant's domain reaches the API as the browser sent it.
// - limit_req: the per-address flood guard for all processes together (the API's own per-process guard
//   stays as a second line).

/** @param {{ prefix: string, port: number, apiPorts: number[], user: string | null, ratePerSecond?: number }} o */
export function nginxConfig(o) {
  const rate = o.ratePerSecond ?? 50;
  const t = (name) => `${o.prefix}/temp/${name}`;
  return `# Written by scripts/cluster.mjs; do not edit (it is rewritten on every start).
${o.user ? `user ${o.user};` : ''}
worker_processes 1;
daemon off;
pid ${o.prefix}/nginx.pid;
error_log ${o.prefix}/error.log warn;

events {
  worker_connections 4096;
}

http {
  log_format upstream '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                      'upstream $upstream_addr $upstream_status $upstream_response_time';
  access_log ${o.prefix}/access.log upstream;
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  client_max_body_size 12m;
  server_tokens off;

  limit_req_zone $binary_remote_addr zone=per_address:10m rate=${rate}r/s;
  limit_req_status 429;

  upstream panalo_api {
    least_conn;
${o.apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen ${o.port};
    server_name _;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 3;

    location = /api/stream {
      limit_req zone=per_address burst=100 nodelay;
      proxy_pass http://panalo_api;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }

    location / {
      limit_req zone=per_address burst=400 nodelay;
      proxy_pass http://panalo_api;
    }
  }
}
`;
}
