# PostgreSQL fault instance: a private server on 127.0.0.1:5433 that sluice-pool's restart test
# stops and starts at will, so that the shared server on 5432 is never disturbed. Trust
# authentication on 127.0.0.1 only; test-only. Idempotent: initialised once, started if down.
set -euo pipefail
root="$1"
data=/var/lib/postgresql/sluice-fault
port=5433
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "setup: PostgreSQL binaries not found for the fault instance" >&2; exit 1; }
cd /tmp   # runuser keeps the working directory; postgres may not be allowed to read ours

if [ ! -s "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  chown postgres:postgres "$data"
  chmod 0700 "$data"
  runuser -u postgres -- "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-instructions >/dev/null
  cat >> "$data/postgresql.conf" <<CONF
# sluice fault instance (bin/setup.d/30-postgres-fault.sh)
listen_addresses = '127.0.0.1'
port = $port
max_connections = 100
shared_buffers = 16MB
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$data/pg_hba.conf"
  chown postgres:postgres "$data/pg_hba.conf"
fi

if ! pg_isready -h 127.0.0.1 -p "$port" -q; then
  runuser -u postgres -- "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 30 start >/dev/null || true
fi
pg_isready -h 127.0.0.1 -p "$port" -q || { echo "setup: PostgreSQL fault instance did not come up on port $port" >&2; exit 1; }
# Multi-host tests (target_session_attrs): database sluice_ha exists on both instances, read-write
# on 5432 and read-only by default here, so that each instance answers the driver's check differently.
psql_at() { psql -h 127.0.0.1 -p "$1" -U postgres -d postgres -v ON_ERROR_STOP=1 -Atq -c "$2"; }
for p in 5432 "$port"; do
  [ "$(psql_at "$p" "SELECT count(*) FROM pg_database WHERE datname = 'sluice_ha'")" = 1 ] \
    || psql_at "$p" "CREATE DATABASE sluice_ha"
done
psql_at "$port" "ALTER DATABASE sluice_ha SET default_transaction_read_only = on"
echo postgres-fault >> "$root/.sluice/services"
