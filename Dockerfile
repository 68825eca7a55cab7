# syntax=docker/dockerfile:1
# Portfolio and store: production image. Three stages on Node 20 (Debian bookworm):
#   deps    – every dependency, with the build tools better-sqlite3 needs
#   build   – the React Router build, then dev dependencies pruned away
#   runtime – slim image: production node_modules, the build, server.js (and its request log module) and the platform's seed
# The runtime command is the one the browser tests start: `node server.js`. The same image runs the platform as
# its own service with `node build/platform/serve.js` (compose.yaml).

ARG NODE_VERSION=20.20.2

FROM node:${NODE_VERSION}-bookworm AS deps
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The lockfile and package.json's allowScripts are written by npm 11.
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The site (build/client, build/server) and the platform service (build/platform/serve.js, see compose.yaml).
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PLATFORM_DB=/app/.data/platform.sqlite
WORKDIR /app
# Same Debian release as the build stage, so the compiled better-sqlite3 binary loads here.
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --from=build --chown=root:root /app/server.js ./
COPY --from=build --chown=root:root /app/server/request-log.js ./server/request-log.js
# The embedded platform loads its demo data and images from platform/seed at run time.
COPY --from=build --chown=root:root /app/platform/seed/demo.json ./platform/seed/demo.json
COPY --from=build --chown=root:root /app/platform/seed/media ./platform/seed/media
# Code stays owned by root (read-only to the app); only the data folder is the app user's.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
# Readiness, not just liveness: /readyz fails when the platform's database (or, with PLATFORM_URL, the platform
# service) does not answer. No curl in the slim image: node itself asks. compose.yaml overrides it for the
# platform service (same image, `node build/platform/serve.js`, /readyz on PLATFORM_PORT).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.js handles SIGTERM itself (in-flight requests finish); exec form keeps it PID 1's direct signal target.
CMD ["node", "server.js"]
