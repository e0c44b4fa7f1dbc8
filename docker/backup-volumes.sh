#!/bin/sh
# Backs up or restores the compose project's named volumes (MongoDB, Redis, media files, the
# portal certificate, the seed's secrets) as one tar.gz each, with a throwaway Alpine container.
# The platform's own server backups hold the database only, never the media files: this is the
# backup of the whole installation. See docs/operating.md.
#
#   docker/backup-volumes.sh backup  <folder>   # stops the stack, archives, starts it again
#   docker/backup-volumes.sh restore <folder>   # stops the stack, replaces the volumes' content
#
# Run from the folder of docker-compose.yml. COMPOSE_PROJECT_NAME (default store-cloud) names the
# volumes. The stack is stopped meanwhile (`docker compose stop`, never `down -v`), so MongoDB's
# and Redis's files are consistent.
set -eu

action="${1:-}"
folder="${2:-}"
project="${COMPOSE_PROJECT_NAME:-store-cloud}"
volumes="mongo-data redis-data media-data tls seed-secrets"
image="alpine:3.22.2"

case "$action" in
  backup | restore) ;;
  *)
    echo "usage: $0 backup|restore <folder>" >&2
    exit 2
    ;;
esac
[ -n "$folder" ] || { echo "usage: $0 $action <folder>" >&2; exit 2; }
mkdir -p "$folder"
folder="$(cd "$folder" && pwd)"

docker compose stop
trap 'docker compose start' EXIT

for v in $volumes; do
  name="${project}_${v}"
  if ! docker volume inspect "$name" >/dev/null 2>&1; then
    [ "$action" = backup ] && echo "skip $name (no such volume)" && continue
    docker volume create "$name" >/dev/null
  fi
  if [ "$action" = backup ]; then
    docker run --rm -v "$name:/data:ro" -v "$folder:/backup" "$image" \
      tar -czf "/backup/$v.tar.gz" -C /data .
    echo "backed up $name -> $folder/$v.tar.gz"
  else
    [ -f "$folder/$v.tar.gz" ] || { echo "skip $name (no $v.tar.gz)"; continue; }
    docker run --rm -v "$name:/data" -v "$folder:/backup:ro" "$image" \
      sh -c "find /data -mindepth 1 -delete && tar -xzpf /backup/$v.tar.gz -C /data"
    echo "restored $name <- $folder/$v.tar.gz"
  fi
done
