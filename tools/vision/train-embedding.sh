#!/usr/bin/env bash
# Train the camera's reading network (one ONNX model of two members, seeds 7 and 8) and the
# bench's four cross-validation networks from the real photographs (a folder with truth.json;
# default ../shared/vision-real) and fresh synthetic renders. Needs Debian's python3-torch,
# python3-numpy and python3-onnx, and Chromium for the renders. About 15 minutes on two cores.
#   bash tools/vision/train-embedding.sh [TRUTH.json]
set -euo pipefail
cd "$(dirname "$0")/../.."
truth="${1:-../shared/vision-real/truth.json}"
faces="$(mktemp -d)"
trap 'rm -rf "$faces"' EXIT
npx tsx tools/vision/export-faces.ts "$faces" "$truth" --synthetic 12
for k in 0 1 2 3; do
  /usr/bin/python3 tools/vision/train-embedding.py "$faces" --seeds 7 8 --hold-out "$k" --out "bench/embedding-folds/fold-$k.onnx"
done
/usr/bin/python3 tools/vision/train-embedding.py "$faces" --seeds 7 8 --out resources/vision/reader.onnx
