import { describe, expect, it } from 'vitest';
import { correlation } from '../../src/vision/features';
import { loadReferences, missingKinds, storeReferences } from '../../src/vision/references';
import { DEFAULT_REFERENCES } from '../../src/vision/default-references';
import { referencesFromFiles } from '../../tools/vision/references-from-files';

describe('reference sets', () => {
  const set = referencesFromFiles('test/fixtures/vision/calibration', ['classic'], "Grandma's set");

  it('round-trips through storage with correlations kept above 0.99', () => {
    const back = loadReferences(JSON.parse(JSON.stringify(storeReferences(set))));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.name).toBe("Grandma's set");
    expect(back.value.entries).toHaveLength(36);
    for (const [i, e] of set.entries.entries()) expect(correlation(e.features, back.value.entries[i]!.features)).toBeGreaterThan(0.99);
  });

  it('keeps the colour weight of a set and refuses a nonsense one', () => {
    const stored = storeReferences({ ...set, colourWeight: 0.25 });
    expect(loadReferences(stored)).toMatchObject({ ok: true, value: { colourWeight: 0.25 } });
    expect(loadReferences({ ...stored, colourWeight: 3 })).toMatchObject({ ok: false, error: expect.stringContaining('colourWeight') });
  });

  it('tracks calibration progress by the kinds still missing', () => {
    expect(missingKinds(set)).toEqual([]);
    expect(missingKinds({ name: 'x', entries: set.entries.filter((e) => e.tile !== 'J' && e.tile !== '5C') })).toEqual(['5C', 'J']);
  });

  it('rejects damaged stored sets with a message naming the problem', () => {
    expect(loadReferences(null)).toMatchObject({ ok: false, error: expect.stringContaining('Not a saved tile set') });
    const stored = storeReferences(set);
    expect(loadReferences({ ...stored, entries: [{ tile: 'ZZ', f: '' }] })).toMatchObject({
      ok: false,
      error: 'Entry 1 is not a tile with features.',
    });
    expect(loadReferences({ ...stored, entries: [{ tile: '5B', f: 'AAAA' }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('has 3 values'),
    });
  });

  it('ships a built-in common set covering all 36 kinds', () => {
    const d = loadReferences(DEFAULT_REFERENCES);
    expect(d.ok && missingKinds(d.value)).toEqual([]);
  });
});
