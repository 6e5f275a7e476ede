# MariaDB: start if down; TLS with the certificate from 00-tls.sh; the database and users the MySQL
# suites need. Idempotent: mariadbd is restarted only when the TLS configuration actually changed.
# Credentials are test-only and documented in README.
set -euo pipefail
root="$1"
sql() { mariadb -uroot -h 127.0.0.1 -P 3306 "$@"; }
up() { sql -e 'select 1' >/dev/null 2>&1; }
start() {
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
  for _ in $(seq 1 30); do up && break; sleep 1; done
}

# TLS: mariadbd runs as mysql and needs its own readable copy of the key.
tls_dir=/etc/mysql/sluice-tls
conf_dir=/etc/mysql/conf.d
changed=0
mkdir -p "$tls_dir" "$conf_dir"
for f in server.crt server.key ca.crt; do
  if ! cmp -s "$root/.sluice/tls/$f" "$tls_dir/$f"; then
    cp "$root/.sluice/tls/$f" "$tls_dir/$f"
    changed=1
  fi
done
if id mysql >/dev/null 2>&1; then chown -R mysql: "$tls_dir"; fi
chmod 0600 "$tls_dir/server.key"
if ! grep -q '^!includedir /etc/mysql/conf.d' /etc/mysql/my.cnf; then
  printf '\n!includedir /etc/mysql/conf.d/\n' >> /etc/mysql/my.cnf
  changed=1
fi
cnf=$(printf '[mysqld]\nssl_cert = %s/server.crt\nssl_key = %s/server.key\nssl_ca = %s/ca.crt\nmax_connections = 300\n' \
  "$tls_dir" "$tls_dir" "$tls_dir")
if [ "$(cat "$conf_dir/sluice.cnf" 2>/dev/null)" != "$cnf" ]; then
  echo "$cnf" > "$conf_dir/sluice.cnf"
  changed=1
fi

if up && { [ "$changed" = 1 ] || [ "$(sql -Nse "select @@have_ssl")" != YES ]; }; then
  echo "setup: restarting MariaDB for the TLS configuration"
  pid=$(cat /run/mysqld/mysqld.pid 2>/dev/null || true)
  mariadb-admin -uroot -h 127.0.0.1 -P 3306 shutdown || true
  # start-stop-daemon would see the old process while it is still shutting down: wait for it to exit.
  for _ in $(seq 1 60); do
    { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break
    sleep 0.5
  done
fi
if ! up; then start; fi
up || { echo "setup: MariaDB did not come up" >&2; exit 1; }

sql <<'SQL'
CREATE DATABASE IF NOT EXISTS test;
CREATE USER IF NOT EXISTS 'sluice_native'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('sluice-native-pw');
ALTER USER 'sluice_native'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('sluice-native-pw');
GRANT ALL ON test.* TO 'sluice_native'@'%';
CREATE USER IF NOT EXISTS 'sluice_mytls'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('sluice-mytls-pw');
ALTER USER 'sluice_mytls'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('sluice-mytls-pw') REQUIRE SSL;
GRANT ALL ON test.* TO 'sluice_mytls'@'%';
-- Client-certificate login: no password, a certificate from the test CA whose subject is CN=sluice_cert.
CREATE USER IF NOT EXISTS 'sluice_x509'@'%';
ALTER USER 'sluice_x509'@'%' REQUIRE SUBJECT '/CN=sluice_cert' AND ISSUER '/CN=Sluice Test CA';
GRANT ALL ON test.* TO 'sluice_x509'@'%';
SQL
# MariaDB's ed25519 authentication plugin ships with the server but is not loaded by default.
ed25519() { sql -Nse "SELECT PLUGIN_STATUS FROM information_schema.PLUGINS WHERE PLUGIN_NAME = 'ed25519'"; }
if [ "$(ed25519)" != ACTIVE ]; then sql -e "INSTALL SONAME 'auth_ed25519'" >/dev/null 2>&1 || true; fi
if [ "$(ed25519)" = ACTIVE ]; then
  sql <<'SQL'
CREATE USER IF NOT EXISTS 'sluice_ed25519'@'%' IDENTIFIED VIA ed25519 USING PASSWORD('sluice-ed25519-pw');
GRANT ALL ON test.* TO 'sluice_ed25519'@'%';
SQL
else
  echo "setup: MariaDB ed25519 plugin not available; its login test will be skipped" >&2
fi
[ "$(sql -Nse "select @@have_ssl")" = YES ] || echo "setup: MariaDB TLS is off" >&2
echo mariadb >> "$root/.sluice/services"
