#!/bin/sh
# Prepares the volumes before the services start (compose service `init`, as root):
# - the seed's secrets folder (/seed-secrets, the `seed-secrets` volume): owned by the backend
#   image's user (node, 1000) and 700, so that the seed can write the generated admin password;
# - the portal's certificate (/tls, the `tls` volume or the TLS_DIR folder, which nginx reads as
#   /etc/nginx/tls). A provided certificate is used as it is: tls.crt (the full chain) and
#   tls.key (see docs/operating.md). Without one, a self-signed certificate for the host of
#   PORTAL_ORIGIN is made once, with a warning: browsers will not trust it.
set -eu

if [ -d /seed-secrets ]; then
  chown 1000:1000 /seed-secrets
  chmod 700 /seed-secrets
fi

dir=/tls
crt="$dir/tls.crt"
key="$dir/tls.key"
# nginx-unprivileged's user.
owner=101:101

if [ -s "$crt" ] && [ -s "$key" ]; then
  echo "init: using the certificate in the tls volume ($(openssl x509 -in "$crt" -noout -subject -enddate | tr '\n' ' '))"
else
  origin="${PORTAL_ORIGIN%%,*}"
  host="$(printf '%s' "$origin" | sed -E 's#^[a-z]+://##; s#[:/].*$##')"
  [ -n "$host" ] || host=localhost
  case "$host" in
    *[!0-9.]*) san="DNS:$host" ;;
    *) san="IP:$host" ;;
  esac
  [ "$host" = localhost ] || san="$san,DNS:localhost"
  san="$san,IP:127.0.0.1"
  umask 077
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 825 \
    -subj "/CN=$host" -addext "subjectAltName=$san" \
    -keyout "$key.new" -out "$crt.new" 2>/dev/null
  mv "$key.new" "$key"
  mv "$crt.new" "$crt"
  cat <<WARN
init: WARNING ****************************************************************************
init: WARNING  No certificate was provided: generated a SELF-SIGNED one for $host ($san),
init: WARNING  valid 825 days. Browsers will warn and not trust it. For production put your
init: WARNING  certificate (tls.crt, full chain) and key (tls.key) into the tls volume and
init: WARNING  restart the frontend service (docs/operating.md, "TLS").
init: WARNING ****************************************************************************
WARN
fi
# nginx (uid 101) must read the key; a read-only TLS_DIR must already allow it.
chown "$owner" "$crt" "$key" 2>/dev/null && chmod 644 "$crt" && chmod 600 "$key" ||
  echo "init: could not make $key readable by nginx (uid 101) only; check its owner and mode"
