#!/usr/bin/env bash
# Installs the Debian packages perfmail builds and tests with, when any is missing.
# Run as root on Debian 12 (bookworm). Nothing is downloaded at configure time.
set -euo pipefail

packages=(
  build-essential cmake
  libfmt-dev librange-v3-dev libboost-dev libboost-math-dev
  doctest-dev nlohmann-json3-dev libcli11-dev libbenchmark-dev libsimdjson-dev libyaml-cpp-dev libre2-dev libfast-float-dev
  gnuplot-nox python3 ruby
  git git-email libmailtools-perl groff-base bash-completion zsh fish
)
if [[ "${PERFMAIL_DEPS_EXTRA:-}" != "" ]]; then
  read -r -a extra <<<"${PERFMAIL_DEPS_EXTRA}"
  packages+=("${extra[@]}")
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: must run as root to install packages (try: sudo $0)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
