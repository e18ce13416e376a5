/**
 * Light or dark: follows the system unless the player picks one (kept in localStorage).
 * The effective theme is set as `data-theme` on <html>; the CSS variables do the rest.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'mahjmate.theme';

const stored = (): ThemeChoice => {
  const v = globalThis.localStorage?.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
};

class Theme {
  choice = $state<ThemeChoice>(stored());
  #systemDark = $state(false);

  constructor() {
    const mq = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    if (mq) {
      this.#systemDark = mq.matches;
      mq.addEventListener('change', (e) => (this.#systemDark = e.matches));
    }
  }

  get current(): 'light' | 'dark' {
    return this.choice === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.choice;
  }

  /** Flip to the other theme (an explicit choice from then on). */
  toggle(): void {
    this.set(this.current === 'dark' ? 'light' : 'dark');
  }

  set(choice: ThemeChoice): void {
    this.choice = choice;
    if (choice === 'system') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, choice);
  }
}

export const theme = new Theme();
