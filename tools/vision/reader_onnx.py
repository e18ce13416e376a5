"""The reading network's members as one ONNX model (src/vision/embedding.ts runs it with
onnxruntime-web); train-embedding.py calls it, and on its own it converts the older .mjnw files.

The model: input `faces` [N, 3, 64, 48] (embedding-input.ts netInput), output `embedding`
[N, 64 * members], each member's embedding of unit length divided by sqrt(members), side by side
(so the whole is of unit length and a dot product of two is the mean of the members' cosines).
The weights are the float16 numbers training kept and checked, stored as float32.

Beside it a JSON file: `id`, the network's name (tile sets taught with it carry it; FNV-1a of the
members' float16 weights as base64 text joined by '/', the name the weights have always had), and
`check`, the embedding PyTorch computes for a fixed pattern (embedding.test.ts compares).

  /usr/bin/python3 tools/vision/reader_onnx.py OUT.onnx MEMBER.mjnw...
"""
import base64, json, math, struct, sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
import torch
import torch.nn.functional as F

NET_W, NET_H = 48, 64  # as src/vision/embedding-input.ts
EMBED = 64


def fnv1a_text(text):
    h = 0x811c9dc5
    for ch in text.encode('latin-1'):
        h = ((h ^ ch) * 0x01000193) & 0xffffffff
    return f'{h:08x}'


def network_id(members_f16):
    """The name the weights were first kept as: FNV-1a over the members' base64 text."""
    return fnv1a_text('/'.join(base64.b64encode(m.astype('<f2').tobytes()).decode('ascii') for m in members_f16))


def read_mjnw(path):
    """A member from the older binary file: its layer shapes, float16 weights and check."""
    raw = open(path, 'rb').read()
    assert raw[:4] == b'MJNW', f'{path}: not a network file'
    n = struct.unpack('<I', raw[4:8])[0]
    head = json.loads(raw[8:8 + n])
    return head['layers'], np.frombuffer(raw[8 + n:], dtype='<f2').copy(), head['check']


def split(layers, flat):
    """(kind, weights, biases) per layer, float16, from the members' flat weights."""
    out, at = [], 0
    for l in layers:
        n = l['out'] * l['in'] * (9 if l['kind'] == 'conv' else 1)
        w = flat[at:at + n]; at += n
        b = flat[at:at + l['out']]; at += l['out']
        out.append((l['kind'], w.reshape((l['out'], l['in'], 3, 3) if l['kind'] == 'conv' else (l['out'], l['in'])), b))
    assert at == len(flat)
    return out


def check_input():
    """A fixed, smooth test pattern (embedding.test.ts builds the same one)."""
    c = torch.arange(3).view(3, 1, 1).float()
    yy = torch.arange(NET_H).view(1, NET_H, 1).float()
    xx = torch.arange(NET_W).view(1, 1, NET_W).float()
    return torch.sin(0.1 * (c + 1) * xx + 0.07 * yy + c).unsqueeze(0)


def torch_embedding(members, x):
    """The members' embedding in plain PyTorch, from the float16 weights."""
    outs = []
    for parts in members:
        h = x
        for kind, w, b in parts:
            w, b = torch.from_numpy(w.astype(np.float32)), torch.from_numpy(b.astype(np.float32))
            h = F.max_pool2d(F.relu(F.conv2d(h, w, b, padding=1)), 2) if kind == 'conv' else F.linear(h.flatten(1), w, b)
        outs.append(F.normalize(h, dim=1) / math.sqrt(len(members)))
    return torch.cat(outs, 1)


def onnx_model(members):
    """The graph: per member its convolution blocks, its dense layer, unit length; then side by side."""
    nodes, inits, outs = [], [], []
    k = 1 / math.sqrt(len(members))
    inits.append(numpy_helper.from_array(np.array([k], dtype=np.float32), 'share'))
    inits.append(numpy_helper.from_array(np.array([1e-12], dtype=np.float32), 'tiny'))
    inits.append(numpy_helper.from_array(np.array([0, -1], dtype=np.int64), 'flat_shape'))
    for m, parts in enumerate(members):
        x = 'faces'
        for i, (kind, w, b) in enumerate(parts):
            p = f'm{m}_l{i}'
            # float32 in the file: widened in the model, the weights were cast on every run (twice
            # the time of a one-face run in onnxruntime-web)
            for name, v in (('w', w), ('b', b)):
                inits.append(numpy_helper.from_array(v.astype(np.float32), f'{p}_{name}'))
            if kind == 'conv':
                nodes += [
                    helper.make_node('Conv', [x, f'{p}_w', f'{p}_b'], [f'{p}_conv'], kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
                    helper.make_node('Relu', [f'{p}_conv'], [f'{p}_relu']),
                    helper.make_node('MaxPool', [f'{p}_relu'], [f'{p}_pool'], kernel_shape=[2, 2], strides=[2, 2]),
                ]
                x = f'{p}_pool'
            else:
                nodes += [
                    helper.make_node('Reshape', [x, 'flat_shape'], [f'{p}_flat']),
                    helper.make_node('Gemm', [f'{p}_flat', f'{p}_w', f'{p}_b'], [f'{p}_dense'], transB=1),
                ]
                x = f'{p}_dense'
        q = f'm{m}'
        nodes += [
            helper.make_node('ReduceL2', [x], [f'{q}_l2'], axes=[1], keepdims=1),
            helper.make_node('Max', [f'{q}_l2', 'tiny'], [f'{q}_norm']),
            helper.make_node('Div', [x, f'{q}_norm'], [f'{q}_unit']),
            helper.make_node('Mul', [f'{q}_unit', 'share'], [f'{q}_out']),
        ]
        outs.append(f'{q}_out')
    nodes.append(helper.make_node('Concat', outs, ['embedding'], axis=1))
    graph = helper.make_graph(
        nodes, 'reader',
        [helper.make_tensor_value_info('faces', TensorProto.FLOAT, ['n', 3, NET_H, NET_W])],
        [helper.make_tensor_value_info('embedding', TensorProto.FLOAT, ['n', EMBED * len(members)])],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 13)], producer_name='mahjmate')
    model.ir_version = 7  # as onnxruntime-web reads
    onnx.checker.check_model(model)
    return model


def write(out, members_layers, members_flat, stored_checks=None):
    """Write OUT (.onnx) and its JSON; the check is PyTorch's on the float16 weights, and when the
    members came with checks of their own (the .mjnw files), it must agree with them."""
    members = [split(l, f) for l, f in zip(members_layers, members_flat)]
    check = torch_embedding(members, check_input())[0]
    if stored_checks is not None:
        stored = torch.tensor([v for c in stored_checks for v in c]) / math.sqrt(len(members))
        err = (check - stored).abs().max().item()
        assert err < 2e-4, f'the rebuilt network disagrees with the stored check by {err}'
    onnx.save(onnx_model(members), out)
    meta = {'id': network_id(members_flat), 'check': [round(float(v), 6) for v in check]}
    with open(out.removesuffix('.onnx') + '.json', 'w') as f:
        json.dump(meta, f, separators=(',', ':'))
        f.write('\n')
    return meta


def main():
    out, files = sys.argv[1], sys.argv[2:]
    members = [read_mjnw(p) for p in files]
    meta = write(out, [m[0] for m in members], [m[1] for m in members], [m[2] for m in members])
    print(f'{out}: network {meta["id"]}, {len(files)} members')


if __name__ == '__main__':
    main()
