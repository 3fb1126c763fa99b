#!/usr/bin/env bash
# retrolab's one entry point.
#   ./build.sh          build the page (wasm into www/pkg) and the CLI
#   ./build.sh serve    build, then serve the page at http://localhost:8000/
#   ./build.sh test     formatting, lints, Rust tests, CLI contest vectors, browser tests
#   ./build.sh bench    native benchmarks (benches/data) and the page benchmark
# Installs what it needs (wasm target, wasm-bindgen CLI, Chromium driver) when missing.
set -euo pipefail
cd "$(dirname "$0")"

# Each step names the seconds since the start, so a log shows where a run's time went.
log() { printf '\033[1m==> %s\033[0m (%d s)\n' "$*" "$SECONDS" >&2; }

# The wasm-bindgen version the crate is locked to: the CLI must be exactly this one.
locked_wasm_bindgen() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

# Installs the wasm32 target when it is missing.
ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

# Installs the wasm-bindgen CLI at the crate's locked version when it is missing.
ensure_wasm_bindgen() {
  local want have
  want=$(locked_wasm_bindgen)
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
  if [[ "$have" != "$want" ]]; then
    log "cargo install wasm-bindgen-cli --version $want (found: ${have:-none})"
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# Every cargo call for the wasm32 target goes through here, so the target is always
# installed first, whatever command runs first on a fresh machine.
cargo_wasm() {
  ensure_wasm_target
  local sub=$1
  shift
  cargo "$sub" --target wasm32-unknown-unknown "$@"
}

# Builds the page's wasm (release profile, with lto) and its JS glue into www/pkg. The crate is
# an rlib in Cargo.toml; the cdylib wasm-bindgen reads is asked for here, for wasm32 only. The
# rlib beside it keeps the module byte for byte what it was (a cdylib alone is inlined otherwise:
# 3.8 % larger).
build_wasm() {
  log "building the wasm module (release) into www/pkg"
  cargo_wasm rustc --release --quiet --lib --crate-type cdylib,rlib
  ensure_wasm_bindgen
  wasm-bindgen --target web --out-dir www/pkg \
    target/wasm32-unknown-unknown/release/retrolab.wasm
}

# Installs a Debian package when the file `path` that it provides is missing.
ensure_package() {
  local package=$1 path=$2
  if [[ ! -e $path ]]; then
    if [[ $(id -u) -ne 0 ]]; then
      echo "build.sh: $package is missing and installing it needs root; run: sudo apt-get update && sudo apt-get install -y $package" >&2
      exit 1
    fi
    log "apt-get install $package"
    apt-get update && apt-get install -y "$package"
  fi
}

# Installs Debian's Chromium, a small CJK font (headless Chromium has none, and the page in
# Chinese would show empty boxes in its screenshots and clip-checks) and the e2e/ node packages
# when they are missing.
ensure_browser_tools() {
  ensure_package chromium /usr/bin/chromium
  ensure_package fonts-wqy-microhei /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
  # npm writes node_modules/.package-lock.json on install: older than the lock file means
  # the lock changed since (a package added), so install again.
  if [[ ! -f e2e/node_modules/.package-lock.json || e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]]; then
    log "npm ci (e2e)"
    (cd e2e && npm ci --no-audit --no-fund)
  fi
}

build_cli() {
  log "building the CLI (release)"
  cargo build --release --quiet
}

# Runs the CLI on every contest vector in tests/cases/<game>/ and compares byte for byte.
check_contest_vectors() {
  log "contest vectors through the CLI"
  local failed=0 dir game input
  for dir in tests/cases/*/; do
    game=$(basename "$dir")
    for input in "$dir"*.in; do
      if ! cmp -s <(./target/release/retrolab "$game" < "$input") "${input%.in}.ans"; then
        echo "FAIL: retrolab $game < $input" >&2
        failed=1
      fi
    done
  done
  return "$failed"
}

# Type-checks the page's JavaScript (JSDoc types, and the engine's API as wasm-bindgen declares
# it in www/pkg): all of www/ (jsconfig.json), then the state machine and the modules it is
# built from, strictly (jsconfig.strict.json). TypeScript is an e2e/ dev dependency.
check_types() {
  log "type check of www/ (tsc)"
  e2e/node_modules/.bin/tsc -p jsconfig.json
  e2e/node_modules/.bin/tsc -p jsconfig.strict.json
}

cmd_test() {
  log "cargo fmt --check"
  cargo fmt --all -- --check
  log "cargo clippy"
  cargo clippy --all-targets --quiet -- -D warnings
  log "cargo test"
  cargo test --quiet
  # In the release profile: the host's proc macros and build scripts it compiles for the wasm
  # crates are the ones the wasm release build (build_wasm) uses, not a second, debug set.
  log "cargo clippy (wasm32, release)"
  cargo_wasm clippy --release --quiet --lib -- -D warnings
  build_cli
  check_contest_vectors
  build_wasm
  ensure_browser_tools
  check_types
  # Every e2e/*.test.mjs, two files at a time, the longest first (e2e/run-tests.mjs).
  log "browser tests (headless Chromium)"
  (cd e2e && npm test)
  log "every test passed"
}

cmd_serve() {
  build_wasm
  log "serving the page at http://localhost:8000/"
  exec node e2e/server.mjs 8000
}

cmd_bench() {
  log "native benchmark"
  cargo bench --quiet --bench solve
  # The native benchmark's executable, for the page benchmark's paired native runs.
  local native
  native=$(cargo bench --bench solve --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\))$/\1/p')
  [[ -x "$native" ]] || { echo "build.sh: cannot find the native benchmark executable" >&2; exit 1; }
  build_wasm
  ensure_browser_tools
  log "page benchmark (headless Chromium)"
  (cd e2e && node bench.mjs "../$native")
}

case "${1:-build}" in
  build) build_wasm; build_cli ;;
  serve) cmd_serve ;;
  test) cmd_test ;;
  bench) cmd_bench ;;
  *) echo "usage: ./build.sh [build|serve|test|bench]" >&2; exit 2 ;;
esac
