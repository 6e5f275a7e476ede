# Load tools the HTTP benchmark drives its servers with: ab (apache2-utils), from Debian's packages.
# Installed only when missing; a failure only skips the http-* suites.
set -euo pipefail
root="$1"
if ! command -v ab >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y -qq apache2-utils >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq apache2-utils >/dev/null 2>&1; }) || true
  fi
fi
if command -v ab >/dev/null 2>&1; then
  echo ab >> "$root/.sluice/services"
else
  echo "setup: ab (apache2-utils) is not installed; http-* suites will be skipped" >&2
fi
