# PgBouncer in transaction mode on 127.0.0.1:6432, in front of the shared server, for the driver's
# connection-pooler tests (a backend changes between transactions, so session state and statements
# prepared earlier may be missing). From Debian's packages, installed only when missing; its config
# and pid live in /var/lib/sluice/pgbouncer, shared by every checkout. A failure skips those tests.
set -euo pipefail
root="$1"
port=6432
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y -qq pgbouncer >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq pgbouncer >/dev/null 2>&1; }) || true
    # The package starts its own instance on 6432 with a config we do not use.
    { systemctl stop pgbouncer || service pgbouncer stop || pkill -x pgbouncer; } >/dev/null 2>&1 || true
  fi
fi
bouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
[ -x "$bouncer" ] || { echo "setup: pgbouncer is not installed; its tests will be skipped" >&2; exit 1; }
home=/var/lib/sluice/pgbouncer
mkdir -p "$home"
cat > "$home/pgbouncer.ini.new" <<INI
; managed by bin/setup.d/35-pgbouncer.sh
[databases]
test = host=127.0.0.1 port=5432 dbname=test
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $home/users.txt
pool_mode = transaction
default_pool_size = 2
max_client_conn = 200
logfile = $home/pgbouncer.log
pidfile = $home/pgbouncer.pid
INI
echo '"postgres" ""' > "$home/users.txt"
changed=0
cmp -s "$home/pgbouncer.ini.new" "$home/pgbouncer.ini" || { mv "$home/pgbouncer.ini.new" "$home/pgbouncer.ini"; changed=1; }
rm -f "$home/pgbouncer.ini.new"
chown -R postgres:postgres "$home"
running() { [ -s "$home/pgbouncer.pid" ] && kill -0 "$(cat "$home/pgbouncer.pid")" 2>/dev/null; }
if running && [ "$changed" = 1 ]; then
  kill "$(cat "$home/pgbouncer.pid")"; sleep 1
fi
if ! running; then
  # pgbouncer refuses to run as root.
  runuser -u postgres -- "$bouncer" -d "$home/pgbouncer.ini" >/dev/null 2>&1 || true
  sleep 0.5
fi
# Ours must be the one listening (the package's own instance, if it still ran, would hold the port).
running && pg_isready -h 127.0.0.1 -p "$port" -U postgres -d test -q \
  || { echo "setup: pgbouncer did not come up on port $port (see $home/pgbouncer.log)" >&2; exit 1; }
echo pgbouncer >> "$root/.sluice/services"
