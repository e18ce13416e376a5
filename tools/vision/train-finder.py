"""Train the learned face finder (src/vision/finder.ts) and export it to ONNX.

A small fully convolutional detector in the CenterNet way: the frame as finder-input.ts makes it
(3 x 192 x 320, RGB in -0.5..0.5) in, at stride 4 (48 x 80 cells) out: for each cell how likely a
face's centre lies in it, upright (or upside down) and lying sideways (two heatmaps, sigmoid),
where in the cell (x, y, 0..1) and the face's box size (log of its width and height in cells).

Training frames come from tools/vision/dump-finder-scenes.ts (train-finder.sh makes them): real
tile photographs on real surfaces and the synthetic renders, seeds clear of the benches' held-out
ones. Fixed seed, a fixed number of steps, one or two threads, CPU only; stops by itself.

    python3 tools/vision/train-finder.py DATA_DIR... --out resources/vision/finder.onnx
"""
import argparse, json, math, os, random, sys, time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

H, W, STRIDE = 192, 320, 4
# Trained on crops of the frame (fully convolutional: the whole frame is read the same way), 2.1 times
# quicker a step; crop corners on the deepest layer's 16-pixel grid.
CH, CW = 128, 224

p = argparse.ArgumentParser()
p.add_argument('data', nargs='+')
p.add_argument('--out', required=True)
p.add_argument('--steps', type=int, default=3000)
p.add_argument('--batch', type=int, default=16)
p.add_argument('--threads', type=int, default=2)
p.add_argument('--minutes', type=float, default=55, help='stop early (and say so) past this')
p.add_argument('--seed', type=int, default=39)
p.add_argument('--frames', type=int, default=10**9, help='at most this many frames of each folder')
a = p.parse_args()
torch.manual_seed(a.seed); np.random.seed(a.seed); random.seed(a.seed)
torch.set_num_threads(a.threads)

frames, boxes = [], []
for d in a.data:
    b = json.load(open(os.path.join(d, 'boxes.json')))[: a.frames]
    f = np.fromfile(os.path.join(d, 'frames.f32'), dtype=np.float32, count=len(b) * 3 * H * W).reshape(len(b), 3, H, W)
    frames.append(f); boxes += b
frames = torch.from_numpy(np.concatenate(frames))
boxes = [np.array(x, dtype=np.float32).reshape(-1, 5) for x in boxes]
n = len(boxes)
order = np.random.permutation(n)
val, train = order[: max(8, n // 20)], order[max(8, n // 20):]
print(f'{n} frames ({len(train)} to train on, {len(val)} to check), {sum(len(x) for x in boxes)} faces', flush=True)


def block(i, o, s):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class Finder(nn.Module):
    def __init__(self):
        super().__init__()
        self.s2 = block(3, 16, 2)                                   # 96 x 160
        self.s4 = block(16, 24, 2)                                  # 48 x 80
        self.s8 = nn.Sequential(block(24, 48, 2), block(48, 48, 1))  # 24 x 40
        self.s16 = nn.Sequential(block(48, 64, 2), block(64, 64, 1), block(64, 64, 1))  # 12 x 20
        self.l8 = nn.Conv2d(64, 48, 1)
        self.m8 = block(48, 48, 1)
        self.l4 = nn.Conv2d(48, 24, 1)
        self.m4 = block(24, 24, 1)
        self.head = nn.Conv2d(24, 6, 1)
        self.head.bias.data[:2] = -4.0  # faces are rare among cells: start sure there is none

    def forward(self, x):
        x4 = self.s4(self.s2(x)); x8 = self.s8(x4); x16 = self.s16(x8)
        y8 = self.m8(x8 + F.interpolate(self.l8(x16), scale_factor=2.0, mode='nearest'))
        y4 = self.m4(x4 + F.interpolate(self.l4(y8), scale_factor=2.0, mode='nearest'))
        return self.head(y4)


class Exported(nn.Module):
    """What ships: the heatmaps through a sigmoid."""
    def __init__(self, net):
        super().__init__(); self.net = net

    def forward(self, x):
        y = self.net(x)
        return torch.cat([torch.sigmoid(y[:, :2]), torch.sigmoid(y[:, 2:4]), y[:, 4:]], 1)


def augment(idx):
    """A batch, each frame zoomed, moved, mirrored and its light changed; its boxes with it."""
    x = frames[idx].clone()
    B = len(idx)
    z = torch.empty(B).uniform_(0.75, 1.35)                    # >1 zooms in
    tx = torch.empty(B).uniform_(-0.25, 0.25); ty = torch.empty(B).uniform_(-0.25, 0.25)
    flip = torch.rand(B) < 0.5
    sx = torch.where(flip, -1.0 / z, 1.0 / z)
    theta = torch.zeros(B, 2, 3)
    theta[:, 0, 0] = sx; theta[:, 0, 2] = tx; theta[:, 1, 1] = 1.0 / z; theta[:, 1, 2] = ty
    grid = F.affine_grid(theta, (B, 3, H, W), align_corners=False)
    x = F.grid_sample(x, grid, mode='bilinear', padding_mode='zeros', align_corners=False) + 0.5  # outside: grey, as the canvas
    gain = torch.empty(B, 1, 1, 1).uniform_(0.55, 1.4) * torch.empty(B, 3, 1, 1).uniform_(0.88, 1.12)
    x = (x * gain).clamp(0, 1) - 0.5 + torch.randn_like(x) * torch.empty(B, 1, 1, 1).uniform_(0, 0.03)
    out = []
    for k, i in enumerate(idx):
        b = boxes[i].copy()
        # canvas point p maps to normalised u = (2p/size - 1); input u = sx*u' + t  =>  u' = (u - t)/sx
        ux = (2 * b[:, 0] / W - 1 - tx[k].item()) / sx[k].item()
        uy = (2 * b[:, 1] / H - 1 - ty[k].item()) / (1.0 / z[k].item())
        b[:, 0] = (ux + 1) * W / 2; b[:, 1] = (uy + 1) * H / 2
        b[:, 2:4] *= z[k].item()
        keep = (b[:, 0] >= 0) & (b[:, 0] < W) & (b[:, 1] >= 0) & (b[:, 1] < H)
        out.append(b[keep])
    return x, out


def crop(x, bs):
    oy = 16 * int(np.random.randint(0, (H - CH) // 16 + 1)); ox = 16 * int(np.random.randint(0, (W - CW) // 16 + 1))
    out = []
    for b in bs:
        b = b.copy(); b[:, 0] -= ox; b[:, 1] -= oy
        out.append(b[(b[:, 0] >= 0) & (b[:, 0] < CW) & (b[:, 1] >= 0) & (b[:, 1] < CH)])
    return x[:, :, oy:oy + CH, ox:ox + CW], out


def targets(bs, h=H, w=W):
    B = len(bs)
    GH, GW = h // STRIDE, w // STRIDE
    heat = np.zeros((B, 2, GH, GW), np.float32)
    reg = np.zeros((B, 4, GH, GW), np.float32)
    mask = np.zeros((B, 1, GH, GW), np.float32)
    ys, xs = np.mgrid[0:GH, 0:GW]
    for k, b in enumerate(bs):
        for cx, cy, w, h, side in b:
            gx, gy = cx / STRIDE, cy / STRIDE
            ix, iy = min(GW - 1, int(gx)), min(GH - 1, int(gy))
            sig = max(0.6, min(w, h) / STRIDE / 5)
            g = np.exp(-((xs + 0.5 - gx) ** 2 + (ys + 0.5 - gy) ** 2) / (2 * sig * sig))
            c = int(side)
            heat[k, c] = np.maximum(heat[k, c], g)
            heat[k, c, iy, ix] = 1.0
            reg[k, :, iy, ix] = [gx - ix, gy - iy, math.log(max(w, 1) / STRIDE), math.log(max(h, 1) / STRIDE)]
            mask[k, 0, iy, ix] = 1.0
    return torch.from_numpy(heat), torch.from_numpy(reg), torch.from_numpy(mask)


def loss_of(y, heat, reg, mask):
    p = torch.sigmoid(y[:, :2]).clamp(1e-4, 1 - 1e-4)
    pos = (heat == 1).float()
    focal = -(pos * (1 - p) ** 2 * torch.log(p) + (1 - pos) * (1 - heat) ** 4 * p ** 2 * torch.log(1 - p)).sum()
    npos = pos.sum().clamp(min=1)
    off = (torch.abs(torch.sigmoid(y[:, 2:4]) - reg[:, :2]) * mask).sum() / npos
    size = (torch.abs(y[:, 4:] - reg[:, 2:]) * mask).sum() / npos
    return focal / npos + off + size, (focal / npos).item(), off.item(), size.item()


net = Finder()
print(f'{sum(p.numel() for p in net.parameters())} weights', flush=True)
opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-4)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=a.steps, pct_start=0.1)
t0 = time.time(); rng = np.random.default_rng(a.seed)
stopped = None
for step in range(a.steps):
    net.train()
    idx = rng.choice(train, a.batch, replace=False)
    x, bs = crop(*augment(idx))
    loss, fl, off, size = loss_of(net(x), *targets(bs, CH, CW))
    opt.zero_grad(); loss.backward(); opt.step(); sched.step()
    if step % 50 == 0 or step == a.steps - 1:
        print(f'step {step} loss {loss.item():.3f} (centres {fl:.3f}, offset {off:.3f}, size {size:.3f}) {time.time() - t0:.0f} s', flush=True)
    if time.time() - t0 > a.minutes * 60:
        stopped = step + 1
        print(f'stopped at step {stopped} of {a.steps}: past {a.minutes} minutes', flush=True)
        break

net.eval()
with torch.no_grad():
    vl = []
    for i in range(0, len(val), a.batch):
        idx = val[i:i + a.batch]
        vl.append(loss_of(net(frames[idx]), *targets([boxes[j] for j in idx]))[0].item())
print(f'check frames loss {np.mean(vl):.3f}; trained {time.time() - t0:.0f} s', flush=True)
torch.onnx.export(Exported(net), torch.zeros(1, 3, H, W), a.out, input_names=['frame'], output_names=['cells'], opset_version=13)
print(f'wrote {a.out} ({os.path.getsize(a.out)} bytes)' + (f'; stopped early at step {stopped}' if stopped else ''), flush=True)
