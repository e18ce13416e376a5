import { describe, expect, it } from 'vitest';
import { AUTO_RECORD_AT, mayRecordItself, THRESHOLD_MIN } from '../../src/vision/auto-record';

describe('recording by itself', () => {
  it("follows the player's threshold, kept within 95-99%", () => {
    expect(mayRecordItself(0.96, 95)).toBe(true);
    expect(mayRecordItself(0.94, 95)).toBe(false);
    expect(mayRecordItself(0.97, 96)).toBe(true);
    expect(mayRecordItself(0.955, 96)).toBe(false);
    expect(mayRecordItself(0.985, 100)).toBe(false); // 100 is lowered to 99
    expect(mayRecordItself(0.94, Number.NaN)).toBe(false); // unreadable box: 95
  });

  it('never below 95%, whatever the player typed', () => {
    expect(AUTO_RECORD_AT).toBe(0.95);
    expect(THRESHOLD_MIN).toBe(95);
    for (const typed of [80, 50, 0, -5]) {
      expect(mayRecordItself(0.9, typed)).toBe(false);
      expect(mayRecordItself(0.949, typed)).toBe(false);
      expect(mayRecordItself(AUTO_RECORD_AT, typed)).toBe(true);
    }
  });
});
