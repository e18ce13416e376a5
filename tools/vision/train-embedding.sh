#!/usr/bin/env bash
# Train the camera's reading network (two members, seeds 7 and 8) and the bench's four
# cross-validation networks from the real photographs (a folder with truth.json; default
# ../shared/vision-real) and fresh synthetic renders. Needs Debian's python3-torch and
# python3-numpy, and Chromium for the renders. About 15 minutes on two cores.
#   bash tools/vision/train-embedding.sh [TRUTH.json]
set -euo pipefail
cd "$(dirname "$0")/../.."
truth="${1:-../shared/vision-real/truth.json}"
faces="$(mktemp -d)"
trap 'rm -rf "$faces"' EXIT
npx tsx tools/vision/export-faces.ts "$faces" "$truth" --synthetic 12
for seed in 7 8; do
  for k in 0 1 2 3; do
    /usr/bin/python3 tools/vision/train-embedding.py "$faces" --seed "$seed" --hold-out "$k" --out "bench/embedding-folds/fold-$k-seed-$seed.mjnw"
  done
  /usr/bin/python3 tools/vision/train-embedding.py "$faces" --seed "$seed" --out "src/vision/networks/seed-$seed.mjnw"
done
