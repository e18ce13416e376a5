import { describe, expect, it } from 'vitest';
import { AUTO_RECORD_AT, mayRecordItself } from '../../src/vision/auto-record';

describe('recording by itself', () => {
  it("follows the player's threshold, kept within 80-99%", () => {
    expect(mayRecordItself(0.96, 95)).toBe(true);
    expect(mayRecordItself(0.94, 95)).toBe(false);
    expect(mayRecordItself(0.85, 50)).toBe(true); // 50 is raised to 80
    expect(mayRecordItself(0.79, 50)).toBe(false);
    expect(mayRecordItself(0.985, 100)).toBe(false); // 100 is lowered to 99
    expect(mayRecordItself(0.94, Number.NaN)).toBe(false); // unreadable box: 95
  });

  it("never below the real-photo pipeline's floor, whatever the player typed", () => {
    expect(AUTO_RECORD_AT).toBeGreaterThanOrEqual(0.9);
    expect(mayRecordItself(0.9, 80)).toBe(true);
    expect(mayRecordItself(0.9, 80, AUTO_RECORD_AT)).toBe(false);
    expect(mayRecordItself(AUTO_RECORD_AT, 80, AUTO_RECORD_AT)).toBe(true);
  });
});
