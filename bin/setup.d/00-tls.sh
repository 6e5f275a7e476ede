# Generates a private CA and a server certificate for localhost/127.0.0.1 (not 127.0.0.2, which
# tests use to provoke a host-name mismatch under verify-full). The material is kept once per
# machine (/var/lib/sluice/tls, or $SLUICE_TLS_HOME) so that every checkout on the machine, and the
# servers, agree on one CA; each checkout gets a copy in .sluice/tls (git-ignored).
set -euo pipefail
root="$1"
home="${SLUICE_TLS_HOME:-/var/lib/sluice/tls}"
valid() { [ -s "$1/server.crt" ] && [ -s "$1/ca.crt" ] && openssl x509 -checkend 86400 -noout -in "$1/server.crt" >/dev/null 2>&1; }
if ! valid "$home"; then
  mkdir -p "$home"
  if valid "$root/.sluice/tls"; then
    cp "$root/.sluice/tls/"{ca.crt,ca.key,server.crt,server.key} "$home/"
  else
    cd "$home"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Sluice Test CA" \
      -keyout ca.key -out ca.crt >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr >/dev/null 2>&1
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' > server.ext
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
      -extfile server.ext -out server.crt >/dev/null 2>&1
    rm -f server.csr server.ext ca.srl
    echo "setup: generated TLS material in $home"
  fi
  chmod 0600 "$home/ca.key" "$home/server.key"
fi
# Client certificate for the role sluice_cert (pg_hba "cert": the CN names the role), signed by the
# same CA, with its key in the forms a Java client meets: PKCS#8 PEM, PKCS#8 PEM encrypted with a
# password, and a PKCS#12 bundle of certificate and key.
if ! { [ -s "$home/client.crt" ] && [ -s "$home/client.p12" ] && openssl x509 -checkend 86400 -noout -in "$home/client.crt" >/dev/null 2>&1 \
       && openssl verify -CAfile "$home/ca.crt" "$home/client.crt" >/dev/null 2>&1; }; then
  (
    cd "$home"
    openssl req -newkey rsa:2048 -nodes -subj "/CN=sluice_cert" -keyout client.key.tmp -out client.csr >/dev/null 2>&1
    printf 'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n' > client.ext
    openssl x509 -req -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
      -extfile client.ext -out client.crt >/dev/null 2>&1
    openssl pkcs8 -topk8 -nocrypt -in client.key.tmp -out client.key
    openssl pkcs8 -topk8 -v2 aes-256-cbc -passout pass:sluice-key-pw -in client.key.tmp -out client-encrypted.key
    openssl pkcs12 -export -in client.crt -inkey client.key.tmp -passout pass:sluice-key-pw -out client.p12
    rm -f client.key.tmp client.csr client.ext ca.srl
    chmod 0600 client.key client-encrypted.key client.p12
  )
fi
mkdir -p "$root/.sluice/tls"
for f in ca.crt ca.key server.crt server.key client.crt client.key client-encrypted.key client.p12; do
  cmp -s "$home/$f" "$root/.sluice/tls/$f" || cp -p "$home/$f" "$root/.sluice/tls/$f"
done
