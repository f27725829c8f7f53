#!/usr/bin/env bash
# refresh-prices on generated AWS EC2 region offer files in the real layout (tests/bench/
# offer_file_gen.rs: products, then on-demand and reserved terms; made-up prices), of 0.25 GB and
# 1 GB in JSON and 1 GB in CSV: records (products and price rows) per second, and the process's
# peak resident memory, which must not grow with the file (the readers stream). Prints; never fails
# on a figure. Run alone: `bash .ci/bench refresh-prices`.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --quiet --release --bin refresh-prices --example aws_offer_file
dir=target/bench-refresh
trap 'rm -rf "$dir"' EXIT
for run in "250000000 json" "1000000000 json" "1000000000 csv"; do
  set -- $run
  bytes=$1
  form=$2
  rm -rf "$dir"
  mkdir -p "$dir"
  file="$dir/index.$form"
  if [ "$form" = csv ]; then
    ./target/release/examples/aws_offer_file "$file" "$bytes" csv >/dev/null
  else
    ./target/release/examples/aws_offer_file "$file" "$bytes" >/dev/null
  fi
  cat >"$dir/catalogs.toml" <<TOML
[[catalogs]]
file = "index.$form"
format = "aws-offer-$form"
title = "A generated AWS EC2 offer file (made-up prices)"
url = "file:index.$form"
TOML
  size=$(stat -c %s "$file")
  printf '%s, %s bytes:\n' "$form" "$size"
  # Wall time is the machine's (other work slows it); CPU time is the command's own.
  cpu=$( { TIMEFORMAT='%R %U %S'; time ./target/release/refresh-prices --from "$dir" --out "$dir/out" \
    --read-on 2026-12-01 --accept >"$dir/said" ; } 2>&1 )
  sed -n 's/^read [^(]*(aws, dated [0-9-]*): /  /p; s/^Peak resident memory: /  peak resident memory: /p' "$dir/said"
  records=$(sed -n 's/^read .*: \([0-9]*\) records in .*/\1/p' "$dir/said")
  echo "$cpu" | awk -v b="$size" -v n="$records" '{ cpu = $2 + $3;
    printf "  whole command: %.1f s wall (%.0f MB/s); %.1f s of CPU: %.0f records/s, %.0f MB/s per CPU second\n",
      $1, b / $1 / 1e6, cpu, n / cpu, b / cpu / 1e6 }'
done
