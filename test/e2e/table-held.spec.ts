import type { GameEvent } from '../../src/core/events';
import type { Seat } from '../../src/core/seats';
import { expect, test } from './harness';

/**
 * A game kept by the earlier app holds an event today's rules refuse (West called South's Five
 * Bam after recording her own pick). It opens from the session screen at 1280x800: the table
 * stands just before that event and says why in a sentence; nothing can be typed behind it; the
 * player drops it with `fix 4 drop` and plays on. Screenshots of each step.
 */
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const D = (seat: Seat, tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;
const OLD_LOG: GameEvent[] = [
  D('E', '1B'),
  D('S', '5B'),
  { type: 'pick', seat: 'W' },
  { type: 'call', seat: 'W', exposure: ['5B', '5B', '5B'] },
  D('W', '9C'),
  D('N', '2D'),
];

test('a stored event the rules now refuse is shown in a sentence, blocks typing, and is dropped with fix 4 drop', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  const game = await app.call('startGame', { sessionId: session.id });
  // Straight into the store, unjudged, as the earlier app wrote it.
  OLD_LOG.forEach((e, i) => app.store.appendEvent(game.id, e, i));
  await app.reload();

  await page.locator('button.session').first().click();
  const held = page.getByTestId('held');
  await expect(held).toContainText('Game 1 needs a fix before it counts: Event 4, a pung of Five Bam called by West, is no longer allowed');
  await app.screenshot('held-1-session');
  await held.getByRole('button', { name: 'Fix it at the table' }).click();

  const later = page.getByTestId('fix-later');
  await expect(later).toContainText(
    "Event 4, a pung of Five Bam called by West, is no longer allowed: West has picked from the wall: she can no longer claim South's Five Bam",
  );
  await expect(later).toContainText('events 4 to 6 are kept as stored until you fix it (fix 4 and what it was) or drop it (fix 4 drop).');
  await expect(later.getByRole('button', { name: /Keep it as it was/ })).toHaveCount(0);
  await app.screenshot('held-2-table');

  // Nothing goes in behind it: a discard is refused in a sentence, and Esc does not put it aside.
  const command = page.getByTestId('command');
  await command.focus();
  await page.keyboard.type('3c');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Fix event 4 first: fix 4 and what it was, or drop' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(later).toBeVisible();
  expect(app.store.loadEvents(game.id).map((e) => e.event)).toEqual(OLD_LOG);

  await page.keyboard.type('fix 4 drop');
  await page.keyboard.press('Enter');
  await expect(later).toHaveCount(0);
  await expect(page.getByText('Fixed: event 4, a pung of Five Bam called by West, is dropped')).toBeVisible();
  await app.screenshot('held-3-dropped');

  // Play on: East's Three Crak after North's Two Dot.
  await page.keyboard.type('3c');
  await page.keyboard.press('Enter');
  await expect(command).toHaveValue('');
  await expect
    .poll(() => app.store.loadEvents(game.id).map((e) => e.event))
    .toEqual([...OLD_LOG.slice(0, 3), ...OLD_LOG.slice(4), { ...D('E', '3C'), implied: true }]);
  await app.screenshot('held-4-played-on');
});
