# Generates a private CA and a server certificate for localhost/127.0.0.1 (not 127.0.0.2, which
# tests use to provoke a host-name mismatch under verify-full). Kept in .sluice/tls (git-ignored).
set -euo pipefail
dir="$1/.sluice/tls"
if [ -s "$dir/server.crt" ] && openssl x509 -checkend 86400 -noout -in "$dir/server.crt" >/dev/null 2>&1; then
  exit 0
fi
mkdir -p "$dir" && cd "$dir"
openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Sluice Test CA" \
  -keyout ca.key -out ca.crt >/dev/null 2>&1
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr >/dev/null 2>&1
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' > server.ext
openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
  -extfile server.ext -out server.crt >/dev/null 2>&1
rm -f server.csr server.ext ca.srl
echo "setup: generated TLS material in $dir"
