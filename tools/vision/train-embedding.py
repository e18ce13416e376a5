#!/usr/bin/env python3
"""Train the small network whose embedding reads real tiles (src/vision/embedding.ts runs it).

Input: the faces export-faces.ts wrote (OUT/faces.bin + faces.json). The network learns to tell
the 36 kinds apart through a cosine classifier, so its 64-number embedding puts shots of one kind
close together whatever the light, the set's colours or the framing; the app then compares a
tile with the player's own taught shots in that space. Heavy augmentation stands in for the
photographs we do not have: shifts, scales, small turns, upside down, colour casts, blur, noise.

  /usr/bin/python3 tools/vision/train-embedding.py FACES_DIR --seed 7 --out src/vision/networks/seed-7.mjnw
  /usr/bin/python3 tools/vision/train-embedding.py FACES_DIR --seed 7 --hold-out 2 --out bench/embedding-folds/fold-2-seed-7.mjnw
(train-embedding.sh runs them all.)

--hold-out K trains without the bench's calibration shots and without read fold K, for the
bench's cross-validation (every photograph it scores is read by a model that never saw it).

--scene-faces DIR adds the faces dump-reader-scenes.ts cut out of real-material tables where the
learned face finder boxes them (with --hold-out K only those of tables laid without fold K), at most
--scene-max of them, drawn with the seed: the network then knows real faces at a table as the
finder boxes them, not only tight photographs. --onnx OUT also writes the member as an ONNX model
(input `faces` [N, 3, 64, 48] as embedding-input.ts netInput makes it, output `embedding` [N, 64] of
unit length), from the same float16 weights the network file holds.
Needs PyTorch and NumPy (Debian: python3-torch python3-numpy).
"""
import argparse, base64, json, math, random, sys, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

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


def train(x, y, epochs, seed, minutes):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    net = Net()
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=5e-4)
    steps = epochs * math.ceil(len(x) / 64)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    t0 = time.time()
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
            print(f'epoch {ep + 1}: loss {total / len(x):.3f}, train accuracy {right / len(x):.3f} ({time.time() - t0:.0f} s)', file=sys.stderr)
        if time.time() - t0 > minutes * 60 and ep < epochs - 1:
            print(f'stopped after epoch {ep + 1} of {epochs}: past {minutes} minutes', file=sys.stderr)
            break
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


def fnv1a(data):
    h = 0x811c9dc5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xffffffff
    return f'{h:08x}'


def export(net, out, note):
    """Fold each batch norm into its convolution; float16 weights in a network file
    (src/vision/network-file.ts: "MJNW", header length, JSON header with its checksum, data)."""
    parts, shapes = [], []
    convs = [m for m in net.features if isinstance(m, nn.Conv2d)]
    bns = [m for m in net.features if isinstance(m, nn.BatchNorm2d)]
    for conv, bn in zip(convs, bns):
        k = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        w = conv.weight * k.view(-1, 1, 1, 1)
        b = bn.bias - bn.running_mean * k
        parts += [w.detach().numpy().ravel(), b.detach().numpy().ravel()]
        shapes.append({'kind': 'conv', 'in': conv.in_channels, 'out': conv.out_channels})
    # flatten order in torch is channel-major (c, y, x): embedding.ts flattens the same way
    parts += [net.embed.weight.detach().numpy().ravel(), net.embed.bias.detach().numpy().ravel()]
    shapes.append({'kind': 'dense', 'in': net.embed.in_features, 'out': net.embed.out_features})
    flat = np.concatenate(parts).astype('<f2')
    data = flat.tobytes()
    check = [round(float(v), 5) for v in check_vector(flat.astype(np.float32), shapes)]
    head = json.dumps({'layers': shapes, 'check': check, 'fnv1a': fnv1a(data), 'note': note}, separators=(',', ':')).encode()
    with open(out, 'wb') as f:
        f.write(b'MJNW' + len(head).to_bytes(4, 'little') + head + data)


def export_onnx(net, out):
    """The member as ONNX, from the folded float16 weights the network file holds (so both files
    compute the same embedding)."""
    flat = []
    convs = [m for m in net.features if isinstance(m, nn.Conv2d)]
    bns = [m for m in net.features if isinstance(m, nn.BatchNorm2d)]
    plain = []
    for conv, bn in zip(convs, bns):
        k = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        c = nn.Conv2d(conv.in_channels, conv.out_channels, 3, padding=1)
        c.weight.data = (conv.weight * k.view(-1, 1, 1, 1)).detach().half().float()
        c.bias.data = (bn.bias - bn.running_mean * k).detach().half().float()
        plain += [c, nn.ReLU(), nn.MaxPool2d(2)]
    dense = nn.Linear(net.embed.in_features, net.embed.out_features)
    dense.weight.data = net.embed.weight.detach().half().float()
    dense.bias.data = net.embed.bias.detach().half().float()

    class Member(nn.Module):
        def __init__(self):
            super().__init__(); self.features = nn.Sequential(*plain); self.dense = dense

        def forward(self, x):
            return F.normalize(self.dense(self.features(x).flatten(1)), dim=1)

    m = Member().eval()
    torch.onnx.export(m, torch.zeros(1, 3, NET_H, NET_W), out, input_names=['faces'], output_names=['embedding'],
                      dynamic_axes={'faces': {0: 'n'}, 'embedding': {0: 'n'}}, opset_version=13)


def check_input():
    """A fixed, smooth test pattern (embedding.test.ts builds the same one)."""
    c = torch.arange(3).view(3, 1, 1).float()
    yy = torch.arange(NET_H).view(1, NET_H, 1).float()
    xx = torch.arange(NET_W).view(1, 1, NET_W).float()
    return torch.sin(0.1 * (c + 1) * xx + 0.07 * yy + c).unsqueeze(0)


def check_vector(flat, shapes):
    """Run the exported (folded, float16-rounded) weights through plain PyTorch layers."""
    x, at = check_input(), 0
    w_all = torch.from_numpy(flat)
    for l in shapes:
        if l['kind'] == 'conv':
            n = l['out'] * l['in'] * 9
            w = w_all[at:at + n].view(l['out'], l['in'], 3, 3); at += n
            b = w_all[at:at + l['out']]; at += l['out']
            x = F.max_pool2d(F.relu(F.conv2d(x, w, b, padding=1)), 2)
        else:
            n = l['out'] * l['in']
            w = w_all[at:at + n].view(l['out'], l['in']); at += n
            b = w_all[at:at + l['out']]; at += l['out']
            x = F.linear(x.flatten(1), w, b)
    return F.normalize(x, dim=1)[0].tolist()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('faces')
    ap.add_argument('--out')
    ap.add_argument('--hold-out', type=int)
    ap.add_argument('--epochs', type=int, default=50)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--minutes', type=float, default=20, help='stop early (and say so) past this')
    ap.add_argument('--scene-faces')
    ap.add_argument('--scene-max', type=int, default=1500)
    ap.add_argument('--onnx')
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    x, faces = load(a.faces)
    y = torch.tensor([KINDS.index(f['tile']) for f in faces])
    if a.hold_out is None:
        keep = list(range(len(faces)))
        note = f'Seed {a.seed}: trained on every face given, the synthetic renders and all the real photographs.'
    else:
        keep = [i for i, f in enumerate(faces) if f['source'] == 'synthetic' or (f['role'] == 'read' and f['fold'] != a.hold_out)]
        note = f'Seed {a.seed}, cross-validation model {a.hold_out}: never saw the calibration shots nor read fold {a.hold_out}.'
    xt, yt = x[keep], y[keep]
    if a.scene_faces:
        xs, sf = load(a.scene_faces)
        pick = [i for i, f in enumerate(sf) if a.hold_out is None or f['without'] == a.hold_out]
        pick = sorted(random.Random(a.seed).sample(pick, min(a.scene_max, len(pick))))
        xt = torch.cat([xt, xs[pick]])
        yt = torch.cat([yt, torch.tensor([KINDS.index(sf[i]['tile']) for i in pick])])
        note += f' With {len(pick)} faces boxed by the learned finder on real-material tables.'
    print(f'training on {len(xt)} faces', file=sys.stderr)
    net = train(xt, yt, a.epochs, a.seed, a.minutes)
    if a.hold_out is not None:
        acc, n = evaluate(net, x, faces, a.hold_out)
        print(f'held-out fold {a.hold_out}: {acc:.3f} of {n}')
    if a.out:
        export(net, a.out, note)
    if a.onnx:
        export_onnx(net, a.onnx)


if __name__ == '__main__':
    main()
