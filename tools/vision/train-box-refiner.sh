#!/usr/bin/env bash
# Train the camera's box refiner (resources/vision/box-refiner.onnx): cut training crops round the
# faces of real-material tables (the calibration photographs on the real surfaces; seeds 43000 and
# up, clear of the benches') into a temporary folder, then train on them with Debian's python3-torch
# on one thread. Stops by itself (a fixed number of steps).
#   tools/vision/train-box-refiner.sh [FRAMES_PER_HALF] [STEPS]
set -euo pipefail
cd "$(dirname "$0")/../.."
FRAMES=${1:-150}
STEPS=${2:-6000}
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
# Two halves cut side by side (one per core).
nice -n 10 npx tsx tools/vision/dump-refiner-crops.ts "$DATA/a" --frames "$FRAMES" --seed 43000 &
nice -n 10 npx tsx tools/vision/dump-refiner-crops.ts "$DATA/b" --frames "$FRAMES" --seed 44000 &
wait
mkdir -p resources/vision
nice -n 10 /usr/bin/python3 tools/vision/train-box-refiner.py "$DATA/a" "$DATA/b" --out resources/vision/box-refiner.onnx --steps "$STEPS" --threads 1 --frames "$FRAMES"
