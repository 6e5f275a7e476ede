# PostgreSQL: start if down; TLS on; roles for every authentication method the driver supports;
# enough connections for the pool benchmarks. Credentials are test-only and documented in README.
set -euo pipefail
root="$1"
psql_su() { psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -v ON_ERROR_STOP=1 -Atq "$@"; }

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  cluster=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$cluster" ] || { echo "setup: PostgreSQL is not installed" >&2; exit 1; }
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "setup: PostgreSQL did not come up" >&2; exit 1; }

version=$(psql_su -c "show server_version_num")
major=$((version / 10000))
conf_dir="/etc/postgresql/$major/main"
hba=$(psql_su -c "show hba_file")

# TLS: the server needs its own copy of the key, owned by postgres, mode 0600.
tls_dir="/var/lib/postgresql/sluice-tls"
mkdir -p "$tls_dir"
cp "$root/.sluice/tls/server.crt" "$root/.sluice/tls/server.key" "$root/.sluice/tls/ca.crt" "$tls_dir/"
chown -R postgres:postgres "$tls_dir"; chmod 0600 "$tls_dir/server.key"

# Roles: one per authentication method (pg_hba decides the method by user name, first match wins).
psql_su <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_scram') THEN CREATE ROLE sluice_scram LOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_md5') THEN CREATE ROLE sluice_md5 LOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_clear') THEN CREATE ROLE sluice_clear LOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_tls') THEN CREATE ROLE sluice_tls LOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_scram_utf8') THEN CREATE ROLE sluice_scram_utf8 LOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sluice_cert') THEN CREATE ROLE sluice_cert LOGIN; END IF;
END $$;
SET password_encryption = 'scram-sha-256';
ALTER ROLE sluice_scram PASSWORD 'sluice-scram-pw';
ALTER ROLE sluice_clear PASSWORD 'sluice-clear-pw';
ALTER ROLE sluice_tls PASSWORD 'sluice-tls-pw';
-- A non-ASCII password with a no-break space, which SASLprep maps to a space (tests the driver's SASLprep).
ALTER ROLE sluice_scram_utf8 PASSWORD U&'\00FCn\00EF\00A0c\00F6d\00E9';
SET password_encryption = 'md5';
ALTER ROLE sluice_md5 PASSWORD 'sluice-md5-pw';
GRANT ALL ON DATABASE test TO sluice_scram, sluice_md5, sluice_clear, sluice_tls, sluice_cert;
GRANT ALL ON SCHEMA public TO sluice_scram, sluice_md5, sluice_clear, sluice_tls, sluice_cert;
SQL

# pg_hba: a marked block at the top, rewritten every time.
block=$(cat <<'HBA'
# BEGIN sluice (managed by bin/setup.d/10-postgres.sh)
hostnossl all sluice_tls    127.0.0.0/8 reject
hostssl   all sluice_tls    127.0.0.0/8 scram-sha-256
hostnossl all sluice_cert   127.0.0.0/8 reject
hostssl   all sluice_cert   127.0.0.0/8 cert
host      all sluice_scram  127.0.0.0/8 scram-sha-256
host      all sluice_scram_utf8 127.0.0.0/8 scram-sha-256
host      all sluice_md5    127.0.0.0/8 md5
host      all sluice_clear  127.0.0.0/8 password
host      all all           127.0.0.0/8 trust
# END sluice
HBA
)
tmp=$(mktemp)
{ echo "$block"; sed '/^# BEGIN sluice/,/^# END sluice/d' "$hba"; } > "$tmp"
if ! cmp -s "$tmp" "$hba"; then cat "$tmp" > "$hba"; fi
rm -f "$tmp"

psql_su >/dev/null <<SQL
ALTER SYSTEM SET ssl = on;
ALTER SYSTEM SET ssl_cert_file = '$tls_dir/server.crt';
ALTER SYSTEM SET ssl_key_file = '$tls_dir/server.key';
ALTER SYSTEM SET ssl_ca_file = '$tls_dir/ca.crt';
SELECT pg_reload_conf();
SQL

# The pool's benchmarks open hundreds of connections; max_connections needs a restart to change.
if [ "$(psql_su -c 'show max_connections')" -lt 300 ]; then
  psql_su -c "ALTER SYSTEM SET max_connections = 300"
  pg_ctlcluster --skip-systemctl-redirect "$major" main restart
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
sleep 0.2
[ "$(psql_su -c 'show ssl')" = on ] || { echo "setup: PostgreSQL TLS did not come on" >&2; exit 1; }
echo postgres >> "$root/.sluice/services"
