#!/usr/bin/env bash
# Local stand-ins for docker.io/library/node:<version>-bookworm and -bookworm-slim, for machines where no
# registry with base images is reachable (the container test's case). Never used by a real `docker build`.
#   debootstrap --variant=minbase bookworm, plus this machine's node binary, npm and headers, a `node` user
#   (uid 1000, as in the official images), this machine's CA bundle (NODE_EXTRA_CA_CERTS) and
#   npm_config_nodedir (node-gyp cannot download headers here). Imported with `podman import --change 'ENV …'`.
# Cached: skipped when both tags already exist in the local image store; the debootstrap tarball is kept in
# $STANDIN_CACHE (default /var/cache/portfolio-store-standins) so a wiped image store costs no second debootstrap.
set -euo pipefail
VERSION="${1:?usage: standins.sh NODE_VERSION}"
CACHE="${STANDIN_CACHE:-/var/cache/portfolio-store-standins}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
FULL="docker.io/library/node:${VERSION}-bookworm"
SLIM="docker.io/library/node:${VERSION}-bookworm-slim"

if buildah inspect --type image "$FULL" >/dev/null 2>&1 && buildah inspect --type image "$SLIM" >/dev/null 2>&1; then
  echo "stand-ins present: $FULL, $SLIM"
  exit 0
fi
node_version="$(node -p 'process.versions.node')"
if [ "$node_version" != "$VERSION" ]; then
  echo "this machine runs node $node_version, the Dockerfile asks for $VERSION: set NODE_VERSION as build-arg or install that node" >&2
  exit 1
fi

mkdir -p "$CACHE"
BASE_TAR="$CACHE/bookworm-minbase.tar"
if [ ! -s "$BASE_TAR" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap --variant=minbase bookworm (about a minute)…"
  debootstrap --variant=minbase bookworm "$work/root" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
  rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
  tar -C "$work/root" -cf "$BASE_TAR.tmp" . && mv "$BASE_TAR.tmp" "$BASE_TAR"
  rm -rf "$work"
  trap - EXIT
fi

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
tar -C "$root" -xf "$BASE_TAR"
install -m 0755 "$(command -v node)" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
cp -a /usr/lib/node_modules/npm "$root/usr/local/lib/node_modules/npm"
cp -a /usr/include/node "$root/usr/local/include/node"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/usr/local/share/ca-certificates/standin-ca.crt"
chroot "$root" /usr/sbin/groupadd --gid 1000 node
chroot "$root" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node

changes=(
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  --change "ENV NODE_VERSION=$VERSION"
  --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/standin-ca.crt'
  --change 'ENV npm_config_cafile=/usr/local/share/ca-certificates/standin-ca.crt'
  --change 'ENV npm_config_nodedir=/usr/local'
  --change 'CMD ["node"]'
)
tar -C "$root" -c . | podman import "${changes[@]}" - "$FULL" >/dev/null
podman tag "$FULL" "$SLIM"
echo "stand-ins built: $FULL, $SLIM"
