import { joinGroup } from '../../electron/main/store/group.repo';
import { expect, test } from './harness';

test('home: no group line until a group is joined', async ({ page }) => {
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();
  await expect(page.getByTestId('group-status')).toHaveCount(0);
});

test('home: the group line says what waits, then Synced with the time of the last sync', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  joinGroup(app.store, { groupId: 'g', name: 'Tuesday group', url: 'http://127.0.0.1:9' });
  app.store.createSession({ players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] });
  await app.reload();
  const line = page.getByTestId('group-status');
  // No sync process runs here: the 4 players and the session wait.
  await expect(line).toContainText('Tuesday group');
  await expect(line).toContainText('Offline: 5 records waiting');
  await expect(line).toContainText('never synced yet');
  await app.screenshot('home-group-offline-1280');
  // As the sync process does once the group holds them: stamped sent.
  app.store.db.prepare("UPDATE outbox SET sent_at = '2026-11-28T14:30:00.000Z'").run();
  await app.reload();
  await expect(line).toContainText('Synced');
  await expect(line).toContainText('last sync');
  await expect(line).not.toContainText('waiting');
  await app.screenshot('home-group-synced-1280');
});
