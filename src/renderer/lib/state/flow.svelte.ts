import type { Resumable } from '../../../shared/contract/flow';
import { api } from '../api';
import { router } from '../router.svelte';

/**
 * The way back to the table from the home screen: the game in progress (one key), and, once
 * per start of the app, straight back to a payout sheet whose ending was typed but not
 * confirmed before the app closed.
 */
class Flow {
  resume = $state.raw<Resumable | null>(null);
  #started = false;

  /** Load the game to resume; on the app's first home screen, reopen a waiting payout sheet. */
  async load(): Promise<void> {
    const r = await api.resumable();
    this.resume = r.ok ? r.value : null;
    const first = !this.#started;
    this.#started = true;
    if (first && this.resume?.staged) this.go();
  }

  go(): void {
    if (this.resume) router.go('table', { sessionId: this.resume.sessionId, gameId: this.resume.gameId });
  }
}

export const flow = new Flow();

/** A plain key for a screen's shortcut: no modifier, not typed into a field. */
export const isShortcut = (e: KeyboardEvent): boolean => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return false;
  const t = e.target as HTMLElement | null;
  return !(t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable));
};
