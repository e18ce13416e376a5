"""Train the pattern-line reader: a small CRNN (convolutions, a bidirectional GRU, CTC loss) that
reads one hand row's pattern strip (24 px tall, from src/vision/card-read/pattern-strip.ts) into
its tiles, groups parted by spaces and alternatives by '|'.

  /usr/bin/python3 tools/card/train-pattern-reader.py DATA_DIR OUT.onnx [--minutes 30]

DATA_DIR holds train-*.bin (tools/card/pattern-strips.ts, training fonts) and, when present,
val-train.bin (unseen cards in the training fonts) and val-heldout.bin (fonts never trained on).
Training files are read again each epoch, so strips still being drawn join as they come. One CPU
thread, a fixed seed; stops by itself after --minutes, keeping the network that read the most
val-train strips wholly right.
"""
import glob, io, random, sys, time
import numpy as np
import torch
import torch.nn as nn
from PIL import Image, ImageFilter

ALPHABET = '0123456789NEWSFDRG |'  # index + 1 is the class; 0 is CTC's blank
H = 24
torch.set_num_threads(1)
torch.manual_seed(7)
random.seed(7)
np.random.seed(7)

args = sys.argv[1:]
minutes, init = 30.0, None
if '--minutes' in args:
    i = args.index('--minutes')
    minutes = float(args[i + 1])
    del args[i : i + 2]
# --init WEIGHTS.pt: go on from a network saved by an earlier run (the same shape).
if '--init' in args:
    i = args.index('--init')
    init = args[i + 1]
    del args[i : i + 2]
data_dir, out_path = args


def load(path):
    data = open(path, 'rb').read()
    i, out = 0, []
    while i + 4 <= len(data):
        w = int.from_bytes(data[i : i + 2], 'little')
        n = data[i + 2]
        i += 4
        label = data[i : i + n].decode('latin1')
        i += n
        if i + H * w > len(data):
            break
        img = np.frombuffer(data[i : i + H * w], dtype=np.uint8).reshape(H, w)
        i += H * w
        out.append((img, label))
    return out


def augment(img):
    h, w = img.shape
    im = Image.fromarray(img)
    # Another print width, and a smaller print enlarged again (fewer pixels per digit).
    sx = random.uniform(0.8, 1.25)
    w2 = max(8, int(round(w * sx)))
    if random.random() < 0.5:
        f = random.uniform(1.0, 2.2)
        im = im.resize((max(4, int(w2 / f)), max(6, int(h / f))), Image.BILINEAR)
    im = im.resize((w2, h), Image.BILINEAR)
    if random.random() < 0.4:
        im = im.filter(ImageFilter.GaussianBlur(random.uniform(0.3, 1.2)))
    if random.random() < 0.3:
        b = io.BytesIO()
        im.save(b, 'JPEG', quality=random.randint(30, 80))
        im = Image.open(io.BytesIO(b.getvalue())).convert('L')
    x = np.asarray(im).astype(np.float32)
    # Contrast and paper level, a shift up or down, sensor noise.
    c = random.uniform(0.6, 1.1)
    x = 255 - (255 - x) * c + random.uniform(-20, 10)
    dy = random.randint(-2, 2)
    if dy:
        x = np.roll(x, dy, axis=0)
        if dy > 0:
            x[:dy] = x[dy : dy + 1]
        else:
            x[dy:] = x[dy - 1 : dy]
    x += np.random.normal(0, random.uniform(0, 12), x.shape)
    return np.clip(x, 0, 255).astype(np.uint8)


def encode(label):
    return [ALPHABET.index(c) + 1 for c in label]


class Reader(nn.Module):
    def __init__(self):
        super().__init__()

        def block(i, o, k=3, p=1):
            return [nn.Conv2d(i, o, k, padding=p, bias=False), nn.BatchNorm2d(o), nn.ReLU()]

        self.conv = nn.Sequential(
            *block(1, 8), nn.MaxPool2d(2, 2),
            *block(8, 16), nn.MaxPool2d((2, 1), (2, 1)),
            *block(16, 24), *block(24, 32), nn.MaxPool2d((2, 1), (2, 1)),
            *block(32, 48, (3, 1), 0),
        )
        self.gru = nn.GRU(48, 48, bidirectional=True)
        self.out = nn.Linear(96, len(ALPHABET) + 1)

    def forward(self, x):  # x: [B, 1, 24, W], ink 1, paper 0
        f = self.conv(x).squeeze(2).permute(2, 0, 1)  # [T, B, 48]
        f, _ = self.gru(f)
        return self.out(f).log_softmax(2)  # [T, B, C]


def batch(items, aug):
    imgs = [augment(i) if aug else i for i, _ in items]
    wmax = max(i.shape[1] for i in imgs)
    wmax += (-wmax) % 4
    x = np.zeros((len(imgs), 1, H, wmax), np.float32)
    for k, i in enumerate(imgs):
        x[k, 0, :, : i.shape[1]] = 1 - i / 255.0
    lens = [i.shape[1] // 2 for i in imgs]
    return torch.from_numpy(x), lens


def decode(logp):  # [T, C] -> text
    best = logp.argmax(1).tolist()
    out, prev = [], 0
    for b in best:
        if b and b != prev:
            out.append(ALPHABET[b - 1])
        prev = b
    return ''.join(out)


def evaluate(model, items):
    model.eval()
    right = groups = groups_right = 0
    with torch.no_grad():
        for k in range(0, len(items), 32):
            chunk = items[k : k + 32]
            x, lens = batch(chunk, False)
            lp = model(x)
            for j, (_, label) in enumerate(chunk):
                text = decode(lp[: lens[j], j])
                right += text == label
                want, got = label.split(), text.split()
                groups += len(want)
                if len(want) == len(got):
                    groups_right += sum(a == b for a, b in zip(want, got))
    model.train()
    return right / max(1, len(items)), groups_right / max(1, groups)


model = Reader()
if init:
    model.load_state_dict(torch.load(init))
LR = 2e-3
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=1e-4)
ctc = nn.CTCLoss(zero_infinity=True)
val_train, val_held = [], []
start = time.time()
best, epoch = -1.0, 0
print(f'weights: {sum(p.numel() for p in model.parameters())}', flush=True)
while time.time() - start < minutes * 60:
    train = [s for p in sorted(glob.glob(f'{data_dir}/train-*.bin')) for s in load(p)]
    # Strips still being drawn join as they come (the validation sets too, until complete).
    val_train = load(f'{data_dir}/val-train.bin') if glob.glob(f'{data_dir}/val-train.bin') else []
    val_held = load(f'{data_dir}/val-heldout.bin') if glob.glob(f'{data_dir}/val-heldout.bin') else []
    # Batches of like widths (less padding), in a random order.
    order = sorted(range(len(train)), key=lambda k: train[k][0].shape[1] + random.uniform(-30, 30))
    batches = [order[k : k + 24] for k in range(0, len(order), 24)]
    random.shuffle(batches)
    total, t0 = 0.0, time.time()
    for b in batches:
        if time.time() - start > minutes * 60:
            break
        # The rate steady for 60% of the time, then halved every 10%.
        for g in opt.param_groups:
            g['lr'] = LR * 0.5 ** max(0.0, ((time.time() - start) / (minutes * 60) - 0.6) / 0.1)
        items = [train[k] for k in b]
        x, lens = batch(items, True)
        targets = torch.tensor([c for _, l in items for c in encode(l)])
        tl = torch.tensor([len(l) for _, l in items])
        lp = model(x)
        loss = ctc(lp, targets, torch.tensor(lens), tl)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 5)
        opt.step()
        total += loss.item()
    epoch += 1
    vt = evaluate(model, val_train) if val_train else (0, 0)
    vh = evaluate(model, val_held) if val_held else (0, 0)
    print(f'epoch {epoch}: {len(train)} strips, loss {total / max(1, len(batches)):.3f}, {time.time() - t0:.0f} s; '
          f'val-train lines {vt[0]:.3f} groups {vt[1]:.3f}; held-out fonts lines {vh[0]:.3f} groups {vh[1]:.3f}', flush=True)
    score = vt[0] if val_train else -epoch
    if score >= best or not val_train:
        best = score
        torch.save(model.state_dict(), out_path + '.pt')

model.load_state_dict(torch.load(out_path + '.pt'))
model.eval()
print('kept: val-train', evaluate(model, val_train), 'held-out fonts', evaluate(model, val_held), flush=True)
torch.onnx.export(model, torch.zeros(1, 1, H, 200), out_path, input_names=['strip'], output_names=['logp'],
                  dynamic_axes={'strip': {0: 'batch', 3: 'width'}, 'logp': {0: 'time', 1: 'batch'}}, opset_version=13)
print('wrote', out_path, flush=True)
