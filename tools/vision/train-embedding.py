#!/usr/bin/env python3
"""Train the small network whose embedding reads real tiles (src/vision/embedding.ts runs it).

Input: the faces export-faces.ts wrote (OUT/faces.bin + faces.json). The network learns to tell
the 36 kinds apart through a cosine classifier, so its 64-number embedding puts shots of one kind
close together whatever the light, the set's colours or the framing; the app then compares a
tile with the player's own taught shots in that space. Heavy augmentation stands in for the
photographs we do not have: shifts, scales, small turns, upside down, colour casts, blur, noise.

  /usr/bin/python3 tools/vision/train-embedding.py FACES_DIR --seeds 7 8 --out resources/vision/reader.onnx
  /usr/bin/python3 tools/vision/train-embedding.py FACES_DIR --seeds 7 8 --hold-out 2 --out bench/embedding-folds/fold-2.onnx
Each seed trains one member; the members go side by side into one ONNX model with its name and
check beside it (reader_onnx.py).
(train-embedding.sh runs them all.)

--hold-out K trains without the bench's calibration shots and without read fold K, for the
bench's cross-validation (every photograph it scores is read by a model that never saw it).
Needs PyTorch, NumPy and ONNX (Debian: python3-torch python3-numpy python3-onnx).
"""
import argparse, json, math, os, random, sys
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reader_onnx  # noqa: E402  (beside this file)

KINDS = ['1B','2B','3B','4B','5B','6B','7B','8B','9B','1C','2C','3C','4C','5C','6C','7C','8C','9C',
         '1D','2D','3D','4D','5D','6D','7D','8D','9D','N','E','W','S','R','G','0','F','J']
NET_W, NET_H, MARGIN = 48, 64, 1.15   # as src/vision/embedding-input.ts
CHANNELS = [16, 32, 64, 64]
EMBED = 64


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers, cin = [], 3
        for c in CHANNELS:
            layers += [nn.Conv2d(cin, c, 3, padding=1, bias=False), nn.BatchNorm2d(c), nn.ReLU(), nn.MaxPool2d(2)]
            cin = c
        self.features = nn.Sequential(*layers)
        flat = CHANNELS[-1] * (NET_H // 16) * (NET_W // 16)
        self.drop = nn.Dropout(0.3)
        self.embed = nn.Linear(flat, EMBED)
        self.classes = nn.Parameter(torch.randn(len(KINDS), EMBED) * 0.1)

    def embedding(self, x):
        return F.normalize(self.embed(self.drop(self.features(x).flatten(1))), dim=1)

    def forward(self, x):
        return 16.0 * self.embedding(x) @ F.normalize(self.classes, dim=1).t()


def normalise(x):
    """Per face: zero mean, unit spread over all three planes (netInput in embedding-input.ts)."""
    m = x.mean(dim=(1, 2, 3), keepdim=True)
    s = ((x - m) ** 2).mean(dim=(1, 2, 3), keepdim=True).sqrt()
    return (x - m) / (s + 1e-3)


def view(x, train, gen):
    """Cut the net's view out of the margin faces: at random (training) or centred."""
    n = x.shape[0]
    if train:
        scale = (1 / MARGIN) * torch.empty(n).uniform_(0.88, 1.08, generator=gen)
        ang = torch.empty(n).uniform_(-0.12, 0.12, generator=gen) + math.pi * (torch.rand(n, generator=gen) < 0.5).float()
        tx = torch.empty(n).uniform_(-0.07, 0.07, generator=gen)
        ty = torch.empty(n).uniform_(-0.06, 0.06, generator=gen)
        aspect = torch.empty(n).uniform_(0.92, 1.08, generator=gen)
    else:
        scale, ang, tx, ty, aspect = torch.full((n,), 1 / MARGIN), torch.zeros(n), torch.zeros(n), torch.zeros(n), torch.ones(n)
    c, s = torch.cos(ang), torch.sin(ang)
    theta = torch.stack([torch.stack([scale * aspect * c, -scale * s, tx], 1), torch.stack([scale * aspect * s, scale * c, ty], 1)], 1)
    grid = F.affine_grid(theta, (n, 3, NET_H, NET_W), align_corners=False)
    return F.grid_sample(x, grid, mode='bilinear', padding_mode='border', align_corners=False)


def colour(x, gen):
    """Light and print the way other kitchens and other sets show them."""
    n = x.shape[0]
    gain = torch.empty(n, 3, 1, 1).uniform_(0.75, 1.2, generator=gen)
    x = x * gain * torch.empty(n, 1, 1, 1).uniform_(0.6, 1.3, generator=gen)
    x = x.clamp(0, 1) ** torch.empty(n, 1, 1, 1).uniform_(0.7, 1.5, generator=gen)
    grey = x.mean(1, keepdim=True)
    sat = torch.empty(n, 1, 1, 1).uniform_(0.4, 1.4, generator=gen)
    x = grey + (x - grey) * sat
    # a gradient of light across the face
    gy = torch.linspace(-1, 1, NET_H).view(1, 1, NET_H, 1)
    gx = torch.linspace(-1, 1, NET_W).view(1, 1, 1, NET_W)
    x = x * (1 + torch.empty(n, 1, 1, 1).uniform_(-0.25, 0.25, generator=gen) * gx + torch.empty(n, 1, 1, 1).uniform_(-0.25, 0.25, generator=gen) * gy)
    blur = torch.rand(n, generator=gen) < 0.35
    if blur.any():
        k = torch.tensor([1., 2., 1.]) / 4
        k2 = (k[:, None] * k[None, :]).view(1, 1, 3, 3).repeat(3, 1, 1, 1)
        x[blur] = F.conv2d(F.pad(x[blur], (1, 1, 1, 1), mode='replicate'), k2, groups=3)
    x = x + torch.randn(x.shape, generator=gen) * torch.empty(n, 1, 1, 1).uniform_(0, 0.05, generator=gen)
    return x.clamp(0, 1)


def load(path):
    meta = json.load(open(f'{path}/faces.json'))
    w, h = meta['width'], meta['height']
    raw = np.fromfile(f'{path}/faces.bin', dtype=np.uint8).reshape(-1, h, w, 3)
    x = torch.from_numpy(raw).permute(0, 3, 1, 2).float() / 255
    return x, meta['faces']


def train(x, y, epochs, seed):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    net = Net()
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=5e-4)
    steps = epochs * math.ceil(len(x) / 64)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    for ep in range(epochs):
        net.train()
        perm = torch.randperm(len(x), generator=gen)
        total, right = 0.0, 0
        for i in range(0, len(x), 64):
            idx = perm[i:i + 64]
            xb = normalise(colour(view(x[idx], True, gen), gen))
            logits = net(xb)
            loss = F.cross_entropy(logits, y[idx], label_smoothing=0.1)
            opt.zero_grad(); loss.backward(); opt.step(); sched.step()
            total += loss.item() * len(idx); right += (logits.argmax(1) == y[idx]).sum().item()
        if ep % 10 == 9 or ep == epochs - 1:
            print(f'epoch {ep + 1}: loss {total / len(x):.3f}, train accuracy {right / len(x):.3f}', file=sys.stderr)
    net.eval()
    return net


def embed(net, x, turned=False):
    v = view(x, False, None)
    if turned:
        v = torch.flip(v, dims=(2, 3))
    with torch.no_grad():
        return net.embedding(normalise(v))


def evaluate(net, x, faces, fold):
    """Nearest taught shot (as the app compares), calibrating on the bench's calibration shots."""
    cal = [i for i, f in enumerate(faces) if f['role'] == 'calibrate']
    rd = [i for i, f in enumerate(faces) if f['role'] == 'read' and (fold is None or f['fold'] == fold)]
    ec = embed(net, x[cal])
    er = torch.stack([embed(net, x[rd]), embed(net, x[rd], True)])
    sims = (er @ ec.t()).max(0).values  # best orientation
    best = sims.argmax(1)
    ok = sum(faces[cal[b]]['tile'] == faces[r]['tile'] for b, r in zip(best.tolist(), rd))
    return ok / max(1, len(rd)), len(rd)


def fold(net):
    """Each batch norm folded into its convolution: the member's layer shapes and its weights as
    float16, in the order reader_onnx.py reads them (per layer its weights then its biases)."""
    parts, shapes = [], []
    convs = [m for m in net.features if isinstance(m, nn.Conv2d)]
    bns = [m for m in net.features if isinstance(m, nn.BatchNorm2d)]
    for conv, bn in zip(convs, bns):
        k = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        w = conv.weight * k.view(-1, 1, 1, 1)
        b = bn.bias - bn.running_mean * k
        parts += [w.detach().numpy().ravel(), b.detach().numpy().ravel()]
        shapes.append({'kind': 'conv', 'in': conv.in_channels, 'out': conv.out_channels})
    # flatten order in torch is channel-major (c, y, x), as the ONNX model's Reshape
    parts += [net.embed.weight.detach().numpy().ravel(), net.embed.bias.detach().numpy().ravel()]
    shapes.append({'kind': 'dense', 'in': net.embed.in_features, 'out': net.embed.out_features})
    return shapes, np.concatenate(parts).astype('<f2')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('faces')
    ap.add_argument('--out')
    ap.add_argument('--hold-out', type=int)
    ap.add_argument('--epochs', type=int, default=50)
    ap.add_argument('--seeds', type=int, nargs='+', default=[7, 8])
    ap.add_argument('--threads', type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    x, faces = load(a.faces)
    y = torch.tensor([KINDS.index(f['tile']) for f in faces])
    if a.hold_out is None:
        keep = list(range(len(faces)))
    else:
        keep = [i for i, f in enumerate(faces) if f['source'] == 'synthetic' or (f['role'] == 'read' and f['fold'] != a.hold_out)]
    print(f'training on {len(keep)} faces', file=sys.stderr)
    members = []
    for seed in a.seeds:
        net = train(x[keep], y[keep], a.epochs, seed)
        if a.hold_out is not None:
            acc, n = evaluate(net, x, faces, a.hold_out)
            print(f'seed {seed}, held-out fold {a.hold_out}: {acc:.3f} of {n}')
        members.append(fold(net))
    if a.out:
        meta = reader_onnx.write(a.out, [m[0] for m in members], [m[1] for m in members])
        print(f'{a.out}: network {meta["id"]}')


if __name__ == '__main__':
    main()
