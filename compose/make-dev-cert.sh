#!/bin/sh
# A self-signed certificate for trying the compose stack on https://localhost:8443 (never for production).
set -eu
dir="$(dirname "$0")/certs"
mkdir -p "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
  -keyout "$dir/privkey.pem" -out "$dir/fullchain.pem" \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1
echo "certificate in $dir (self-signed, 30 days)"
