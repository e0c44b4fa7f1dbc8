# syntax=docker/dockerfile:1
# The one-shot volume preparation (docker/init.sh: the portal certificate, the seed's secrets
# folder): openssl on Alpine.
# Build context: docker/ (docker compose sets it).
FROM alpine:3.22.2
RUN apk add --no-cache openssl
COPY init.sh /usr/local/bin/store-cloud-init
ENTRYPOINT ["/bin/sh", "/usr/local/bin/store-cloud-init"]
