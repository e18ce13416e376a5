#!/usr/bin/env bash
# Train the camera's face finder (resources/vision/finder.onnx): draw training frames (real tile
# photographs of the calibration shots on the real surfaces, and synthetic renders; seeds 40000
# and up, clear of the benches' held-out ones) into a temporary folder, then train on them with
# Debian's python3-torch on one thread. Stops by itself (a fixed number of steps, or MINUTES).
# The real frames hold up to LOOSE-1 loose tiles turned any way (the bench's tables up to 4).
#   tools/vision/train-finder.sh [REAL_PER_HALF] [SYNTHETIC_PER_HALF] [STEPS] [LOOSE] [MINUTES] [OUT]
# The defaults make the framed region's finder; the whole table's (resources/vision/table-finder.md):
#   tools/vision/train-finder.sh 400 100 6000 9 60 resources/vision/table-finder.onnx
set -euo pipefail
cd "$(dirname "$0")/../.."
REAL=${1:-136}
SYN=${2:-34}
STEPS=${3:-500}
LOOSE=${4:-5}
MINUTES=${5:-55}
OUT=${6:-resources/vision/finder.onnx}
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
# Two halves drawn side by side (one per core).
nice -n 10 npx tsx tools/vision/dump-finder-scenes.ts "$DATA/a" --real "$REAL" --synthetic "$SYN" --seed 40000 --loose "$LOOSE" &
nice -n 10 npx tsx tools/vision/dump-finder-scenes.ts "$DATA/b" --real "$REAL" --synthetic "$SYN" --seed 41000 --loose "$LOOSE" &
wait
mkdir -p resources/vision
nice -n 10 /usr/bin/python3 tools/vision/train-finder.py "$DATA/a" "$DATA/b" --out "$OUT" --steps "$STEPS" --threads 1 --frames $((REAL + SYN)) --minutes "$MINUTES"
