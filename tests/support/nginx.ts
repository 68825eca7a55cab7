import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** nginx's temporary folders inside the test's own folder (the defaults are under /var, not writable by the tests). */
const tempPaths = (p: (name: string) => string) =>
  ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${p(`tmp/${kind === "client_body" ? "body" : kind}`)};`)
    .join("\n  ");

/**
 * The TLS proxy of docs/deployment.md, with test paths: X-Forwarded-Proto/Host to the app, and X-Forwarded-For set to
 * the address nginx sees (never the client's own). tests/topology runs compose/nginx.conf itself (composeSite below).
 */
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
  ${tempPaths(p)}
  client_max_body_size 2m;
  server_tokens off;
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
      proxy_set_header X-Forwarded-For $remote_addr;
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
  makeCertificate(site.dir);
  const conf = join(site.dir, "nginx.conf");
  writeFileSync(conf, nginxConf(site));
  return nginxCommand(site.dir, conf);
}

// -------------------------------------------------------------------------------- compose/nginx.conf, as written

export interface ComposeNginxPorts {
  /** The temp folder nginx runs in (certificate, logs, pid). */
  dir: string;
  /** Loopback ports standing for the published 443 and 80, and for the internal webhook listener (8081). */
  https: number;
  http: number;
  webhooks: number;
  /** The loopback ports of the two replicas, for app1:3000 and app2:3000. */
  replicas: [number, number];
  /** Lines added to the TLS server's `location /` (a test's own header, say). */
  location?: string[];
}

/** Each text of compose/nginx.conf a test run puts another value in: it must be there exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0)
    throw new Error(`compose/nginx.conf no longer holds exactly one "${from}": update tests/support/nginx.ts`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * compose/nginx.conf as compose mounts it (conf.d/default.conf), with loopback addresses and test paths in place of the
 * container's: only addresses and paths change, the directives are the file's.
 */
export function composeSite(ports: ComposeNginxPorts): string {
  let site = readFileSync(join(import.meta.dirname, "../../compose/nginx.conf"), "utf8");
  site = replaceOnce(site, "server app1:3000", `server 127.0.0.1:${ports.replicas[0]}`);
  site = replaceOnce(site, "server app2:3000", `server 127.0.0.1:${ports.replicas[1]}`);
  site = replaceOnce(site, "listen 80;", `listen 127.0.0.1:${ports.http};`);
  site = replaceOnce(site, "listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
  site = replaceOnce(site, "listen 8081;", `listen 127.0.0.1:${ports.webhooks};`);
  site = replaceOnce(site, "/etc/nginx/certs/fullchain.pem", join(ports.dir, "cert.pem"));
  site = replaceOnce(site, "/etc/nginx/certs/privkey.pem", join(ports.dir, "key.pem"));
  site = site.replaceAll("/var/log/nginx/", `${ports.dir}/`);
  if (!ports.location?.length) return site;
  const main = "  location / {\n    proxy_pass http://store;\n";
  return replaceOnce(site, main, `${main}${ports.location.map((l) => `    ${l}\n`).join("")}`);
}

/**
 * The nginx image's own /etc/nginx/nginx.conf around the site (its `main` access log included: a server block without
 * an access_log of its own writes there), with test paths.
 */
function imageNginxConf(dir: string): string {
  const p = (name: string) => join(dir, name);
  return `worker_processes 1;
pid ${p("nginx.pid")};
error_log ${p("error.log")} notice;
events { worker_connections 512; }
http {
  default_type application/octet-stream;
  log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                  '$status $body_bytes_sent "$http_referer" '
                  '"$http_user_agent" "$http_x_forwarded_for"';
  access_log ${p("image-access.log")} main;
  ${tempPaths(p)}
  include ${p("default.conf")};
}
`;
}

/** Writes compose/nginx.conf (loopback addresses) inside the image's nginx.conf, and a certificate; nginx's command. */
export function prepareComposeNginx(ports: ComposeNginxPorts): { command: string; args: string[] } {
  makeCertificate(ports.dir);
  writeFileSync(join(ports.dir, "default.conf"), composeSite(ports));
  const conf = join(ports.dir, "nginx.conf");
  writeFileSync(conf, imageNginxConf(ports.dir));
  return nginxCommand(ports.dir, conf);
}

/** A self-signed certificate for localhost/127.0.0.1, made now with openssl, as cert.pem and key.pem in `dir`. */
function makeCertificate(dir: string): void {
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
}

function nginxCommand(dir: string, conf: string): { command: string; args: string[] } {
  // -e: the error log before the config is read must not go to /var/log/nginx (no root needed).
  return { command: nginxBinary(), args: ["-e", join(dir, "error.log"), "-p", dir, "-c", conf, "-g", "daemon off;"] };
}

/**
 * Runs nginx (`prepareNginx`'s or `prepareComposeNginx`'s command) and waits until `up()` says it answers, 10 s at the
 * most; fails with `why()` (e.g. its error log) if it exits or does not answer by then.
 */
export async function startNginx(
  { command, args }: { command: string; args: string[] },
  up: () => Promise<boolean>,
  why: () => string = () => "",
): Promise<ChildProcess> {
  const nginx = spawn(command, args, { stdio: "ignore" });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (await up().catch(() => false)) return nginx;
    if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${why()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops nginx with `signal` (SIGQUIT lets it finish its requests, SIGTERM does not) and waits until it has exited. */
export async function stopNginx(nginx: ChildProcess | undefined, signal: "SIGQUIT" | "SIGTERM") {
  if (!nginx || nginx.exitCode !== null) return;
  const gone = new Promise((r) => nginx.once("exit", r));
  nginx.kill(signal);
  await gone;
}
