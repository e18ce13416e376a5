/** A keydown handler for a form that Esc closes: Escape does `close` and goes no further. */
export const onEscape =
  (close: () => void) =>
  (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  };
