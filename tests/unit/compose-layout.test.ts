// The production layout as compose.yaml and docs/deployment.md write it, read as data: who the replicas believe about
// a client's address, whether the back-office is on, where the platform service's events go. Each was found wrong by
// an outside attack: the replicas trusted every private range (any client seen from one picked its own IP), the
// documented single container trusted loopback behind a bridge port (every visitor shared one IP, so five wrong
// passwords from anyone locked an account for all), the back-office was off and no event reached the app.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Service {
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
}
const compose = parse(readFileSync("compose.yaml", "utf8")) as {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
};
const nginxConf = readFileSync("compose/nginx.conf", "utf8");
const deployment = readFileSync("docs/deployment.md", "utf8");

const replicas = ["app1", "app2"].map((name) => compose.services[name]!);
const env = (service: Service) => service.environment ?? {};

describe("compose.yaml", () => {
  it("gives nginx a fixed address on its network, and the replicas trust exactly that address", () => {
    const networks = compose.services.nginx!.networks as Record<string, { ipv4_address?: string }>;
    const addresses = Object.values(networks ?? {}).map((n) => n?.ipv4_address);
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const replica of replicas) expect(env(replica).TRUST_PROXY).toBe(addresses[0]);
  });

  it("turns the back-office on: the owner's address, and one API key shared by the replicas and the platform service", () => {
    const key = env(compose.services.platform!).PLATFORM_API_KEY;
    expect(key).toMatch(/^\$\{PLATFORM_API_KEY:\?/);
    for (const replica of replicas) {
      expect(env(replica).OWNER_EMAILS).toBeTruthy();
      expect(env(replica).PLATFORM_API_KEY).toBe(key);
    }
  });

  it("sends the platform service's events to nginx's internal listener, which is not published", () => {
    expect(env(compose.services.platform!).PLATFORM_WEBHOOK_URLS).toBe("http://nginx:8081/webhooks/wix");
    expect(nginxConf).toMatch(/listen 8081;/);
    expect((compose.services.nginx!.ports ?? []).join(" ")).not.toContain("8081");
  });
});

describe("docs/deployment.md", () => {
  it("never trusts loopback for a container reached through a published port", () => {
    const published = [...deployment.matchAll(/```sh\n(docker run[\s\S]*?)```/g)].map((m) => m[1]!).filter((run) => /\s-p\s/.test(run));
    expect(published.length).toBeGreaterThan(0);
    for (const run of published) expect(run).not.toMatch(/TRUST_PROXY=loopback/);
  });

  it("shows the proxy settings compose/nginx.conf runs: X-Forwarded-For from nginx, no version, no query string on port 80", () => {
    const example = /```nginx\n([\s\S]*?)```/.exec(deployment)?.[1] ?? "";
    for (const text of [example, nginxConf]) {
      expect(text).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
      expect(text).not.toContain("$proxy_add_x_forwarded_for");
      expect(text).toContain("server_tokens off;");
      const plain = /server \{\s*listen 80;[\s\S]*?\n\s*\}/.exec(text)?.[0] ?? "";
      expect(plain).toMatch(/access_log \S+ no_query;/);
    }
  });
});
