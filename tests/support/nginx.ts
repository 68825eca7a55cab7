import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * nginx terminating TLS on loopback, for the tests that put a real proxy in front of the app (tests/proxy: one
 * server; tests/topology: two replicas). Everything lives in the caller's temp folder (config, self-signed
 * certificate, pid, logs, temp paths), so no root paths are needed and nothing outlives the test.
 */

export function nginxBinary(): string {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "nginx";
}

export interface NginxSite {
  /** The temp folder nginx runs in. */
  dir: string;
  /** Its TLS port on 127.0.0.1. */
  port: number;
  /** The lines of `upstream app { … }` (servers, keepalive). */
  upstream: string[];
  /** The `Connection` header sent upstream: "" keeps upstream connections alive, "close" does not. */
  connection: "" | "close";
  /** Extra lines of `location / { … }` after the shared proxy headers. */
  location?: string[];
}

/**
 * The access log of docs/deployment.md and compose/nginx.conf: the path ($uri) without the query string, and no
 * referring page. Query strings carry the owner token, password-reset codes and download links (and a Referer the
 * page that held them); nginx's default `combined` format would write them all to disk.
 */
export const ACCESS_LOG_FORMAT =
  'log_format no_query \'$remote_addr - $remote_user [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent "$http_user_agent"\';';

/** The TLS proxy of docs/deployment.md (and compose/nginx.conf), with test paths: X-Forwarded-Proto/Host/For to the app. */
export function nginxConf(site: NginxSite): string {
  const p = (name: string) => join(site.dir, name);
  const indent = (lines: string[], by: string) => lines.map((line) => `${by}${line}\n`).join("");
  return `worker_processes 1;
pid ${p("nginx.pid")};
error_log ${p("error.log")} warn;
events { worker_connections 512; }
http {
  ${ACCESS_LOG_FORMAT}
  access_log ${p("access.log")} no_query;
  client_body_temp_path ${p("tmp/body")};
  proxy_temp_path ${p("tmp/proxy")};
  fastcgi_temp_path ${p("tmp/fastcgi")};
  uwsgi_temp_path ${p("tmp/uwsgi")};
  scgi_temp_path ${p("tmp/scgi")};
  client_max_body_size 2m;
  upstream app {
${indent(site.upstream, "    ")}  }
  server {
    listen 127.0.0.1:${site.port} ssl;
    server_name localhost;
    ssl_certificate ${p("cert.pem")};
    ssl_certificate_key ${p("key.pem")};
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "${site.connection}";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_redirect off;
${indent(site.location ?? [], "      ")}    }
  }
}
`;
}

/**
 * Writes the site's config and a self-signed certificate for localhost/127.0.0.1 (made now with openssl) into its
 * folder, and returns the command line that runs nginx on them in the foreground.
 */
export function prepareNginx(site: NginxSite): { command: string; args: string[] } {
  const { dir } = site;
  mkdirSync(join(dir, "tmp"), { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "pipe" },
  );
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, nginxConf(site));
  // -e: the error log before the config is read must not go to /var/log/nginx (no root needed).
  return { command: nginxBinary(), args: ["-e", join(dir, "error.log"), "-p", dir, "-c", conf, "-g", "daemon off;"] };
}
