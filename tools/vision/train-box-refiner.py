"""Train the learned box refiner (src/vision/box-refiner.ts) and export it to ONNX.

A small convolutional network: a box's crop (1.6 times the box, straightened to its angle, 48 x 64,
RGB normalised as the reader's input: zero mean and unit spread over the crop) in; where the face's
four corners lie in the crop (x, y of its top-left, top-right, bottom-right, bottom-left, 0..1) out.

Training crops come from tools/vision/dump-refiner-crops.ts (train-box-refiner.sh makes them): real
tile photographs on real surfaces, boxes proposed as the finder proposes them, seeds clear of the
benches'. Each crop is mirrored either way at random (the corners swapped to match) and its colours
and noise changed. Fixed seed, a fixed number of steps, one thread, CPU only; stops by itself.

    python3 tools/vision/train-box-refiner.py DATA_DIR... --out resources/vision/box-refiner.onnx
"""
import argparse, json, math, os, random, sys, time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

H, W = 64, 48

p = argparse.ArgumentParser()
p.add_argument('data', nargs='+')
p.add_argument('--out', required=True)
p.add_argument('--steps', type=int, default=6000)
p.add_argument('--batch', type=int, default=64)
p.add_argument('--threads', type=int, default=1)
p.add_argument('--minutes', type=float, default=30, help='stop early (and say so) past this')
p.add_argument('--seed', type=int, default=39)
p.add_argument('--frames', type=int, default=10**9, help='at most this many frames of each folder')
a = p.parse_args()
torch.manual_seed(a.seed); np.random.seed(a.seed); random.seed(a.seed)
torch.set_num_threads(a.threads)

crops, corners, val_crops, val_corners = [], [], [], []
for d in a.data:
    counts = json.load(open(os.path.join(d, 'frames.json')))[: a.frames]
    n = sum(counts)
    c = np.fromfile(os.path.join(d, 'crops.u8'), np.uint8, count=n * H * W * 3).reshape(n, H, W, 3)
    q = np.fromfile(os.path.join(d, 'corners.f32'), np.float32, count=n * 8).reshape(n, 8)
    # the last tenth of each folder's frames are kept out to check against
    cut = sum(counts[: len(counts) * 9 // 10])
    crops.append(c[:cut]); corners.append(q[:cut]); val_crops.append(c[cut:]); val_corners.append(q[cut:])
crops = torch.from_numpy(np.concatenate(crops)).permute(0, 3, 1, 2).contiguous()
corners = torch.from_numpy(np.concatenate(corners))
val_crops = torch.from_numpy(np.concatenate(val_crops)).permute(0, 3, 1, 2).contiguous()
val_corners = torch.from_numpy(np.concatenate(val_corners))
print(f'{len(crops)} training crops, {len(val_crops)} kept out', flush=True)


def normalise(x):
    """As embedding-input.ts netInput: 0..1, then zero mean and unit spread over the whole crop."""
    x = x.float() / 255
    m = x.mean(dim=(1, 2, 3), keepdim=True)
    s = ((x - m) ** 2).mean(dim=(1, 2, 3), keepdim=True).sqrt()
    return (x - m) / (s + 1e-3)


def conv(i, o, s):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU())


class Refiner(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(conv(3, 16, 2), conv(16, 32, 2), conv(32, 32, 1), conv(32, 64, 2), conv(64, 64, 2))
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(64 * 4 * 3, 96), nn.ReLU(), nn.Linear(96, 8))
        # start from the box itself: its corners lie at 0.5 -+ 0.5/1.6 of the crop
        b = 0.5 / 1.6
        with torch.no_grad():
            self.head[-1].weight.mul_(0.1)
            self.head[-1].bias.copy_(torch.tensor([0.5 - b, 0.5 - b, 0.5 + b, 0.5 - b, 0.5 + b, 0.5 + b, 0.5 - b, 0.5 + b]))

    def forward(self, x):
        return self.head(self.body(x))


# Mirrored across (u -> 1-u): the corners' order becomes TR, TL, BL, BR; down (v -> 1-v): BL, BR, TR, TL.
ACROSS = [2, 3, 0, 1, 6, 7, 4, 5]
DOWN = [6, 7, 4, 5, 2, 3, 0, 1]


def batch(idx):
    x = crops[idx].float()
    q = corners[idx].clone()
    n = len(idx)
    f = torch.rand(n) < 0.5
    x[f] = x[f].flip(3); q[f] = q[f][:, ACROSS]; q[f, 0::2] = 1 - q[f, 0::2]
    f = torch.rand(n) < 0.5
    x[f] = x[f].flip(2); q[f] = q[f][:, DOWN]; q[f, 1::2] = 1 - q[f, 1::2]
    # colour cast, light and camera noise
    x = x * (0.8 + 0.4 * torch.rand(n, 3, 1, 1)) + 20 * (torch.rand(n, 1, 1, 1) - 0.5) + torch.randn_like(x) * 6 * torch.rand(n, 1, 1, 1)
    return normalise(x.clamp(0, 255)), q


net = Refiner()
opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-4)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=a.steps, pct_start=0.1)
# corner errors in crop pixels: x across W, y down H
PX = torch.tensor([W, H] * 4, dtype=torch.float32)


def check():
    net.eval()
    with torch.no_grad():
        err = []
        for i in range(0, len(val_crops), 512):
            pred = net(normalise(val_crops[i:i + 512]))
            err.append(((pred - val_corners[i:i + 512]) * PX).view(-1, 4, 2).norm(dim=2).mean(dim=1))
        e = torch.cat(err)
    net.train()
    return e.mean().item(), e.median().item()


t0 = time.time()
print(f'before: corner error {check()[0]:.2f} crop px (the box itself)', flush=True)
for step in range(a.steps):
    idx = torch.randint(0, len(crops), (a.batch,))
    x, q = batch(idx)
    loss = F.smooth_l1_loss(net(x) * PX, q * PX, beta=1.0)
    opt.zero_grad(); loss.backward(); opt.step(); sched.step()
    if step % 500 == 0 or step == a.steps - 1:
        m, md = check()
        print(f'step {step} loss {loss.item():.3f} kept-out corner error mean {m:.2f} median {md:.2f} crop px, {(time.time() - t0) / 60:.1f} min', flush=True)
    if time.time() - t0 > a.minutes * 60:
        print(f'stopped early at step {step}: past {a.minutes} minutes', flush=True)
        break

net.eval()
torch.onnx.export(net, torch.zeros(1, 3, H, W), a.out, input_names=['crops'], output_names=['corners'],
                  dynamic_axes={'crops': {0: 'n'}, 'corners': {0: 'n'}}, opset_version=13)
print(f'wrote {a.out} ({sum(p.numel() for p in net.parameters())} weights) in {(time.time() - t0) / 60:.1f} min', flush=True)
