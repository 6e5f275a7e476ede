# MariaDB: start if down; the database and users the MySQL suites need.
set -euo pipefail
root="$1"
up() { mariadb -uroot -h 127.0.0.1 -P 3306 -e 'select 1' >/dev/null 2>&1; }
if ! up; then
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
  for _ in $(seq 1 30); do up && break; sleep 1; done
fi
up || { echo "setup: MariaDB did not come up" >&2; exit 1; }
mariadb -uroot -h 127.0.0.1 -P 3306 -e "CREATE DATABASE IF NOT EXISTS test"
echo mariadb >> "$root/.sluice/services"
