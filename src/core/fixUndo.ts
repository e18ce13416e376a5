import type { Amendment, Change } from './amend';
import { sameEvent } from './amend';
import type { GameEvent } from './events';
import { eventName } from './eventName';
import { eventSpan, isImplied } from './followTurn';

/**
 * `u` after a fix takes the fix back (docs/keyboard.md): the last fix is the trail's last group of
 * amendments (one `when`), and taking it back is one more fix made of their inverses, last first,
 * so the trail stays append-only and still walks back to the game as typed.
 */

/** The amendments of the trail's last fix (those sharing the last `when`), oldest first. */
export const lastFixGroup = (trail: readonly Amendment[]): Amendment[] => {
  const last = trail.at(-1);
  if (!last) return [];
  let k = trail.length - 1;
  while (k > 0 && trail[k - 1]!.when === last.when) k--;
  return trail.slice(k);
};

/** How many events the log held just after an amendment. */
const lengthAfter = (a: Amendment): number => a.length + (a.action === 'insert' ? 1 : a.action === 'delete' ? -1 : 0);

/** Whether nothing was typed after the trail's last fix (the log is as that fix left it). */
export const fixIsLast = (events: readonly GameEvent[], trail: readonly Amendment[]): boolean => {
  const last = trail.at(-1);
  return last !== undefined && lengthAfter(last) === events.length;
};

/** The changes that take a fix back: each amendment undone, the last first. */
export const takeBackChanges = (group: readonly Amendment[]): Change[] =>
  group
    .slice()
    .reverse()
    .map((a): Change =>
      a.action === 'insert'
        ? { at: a.at, action: 'delete' }
        : a.action === 'delete'
          ? { at: a.at, action: 'insert', event: a.was! }
          : { at: a.at, action: 'replace', event: a.was! },
    );

/** Whether `group` takes back `before` exactly (so a `u` after it does not take it back in turn). */
export const takesBack = (group: readonly Amendment[], before: readonly Amendment[]): boolean => {
  const inverse = takeBackChanges(before);
  return (
    inverse.length === group.length &&
    inverse.every((c, i) => {
      const a = group[i]!;
      return a.at === c.at && a.action === c.action && (c.action === 'delete' || sameEvent(a.event, c.event));
    })
  );
};

/** An amendment that only moved an implied event with the turn. */
export const isMove = (a: Amendment): boolean =>
  a.action === 'replace' &&
  !!a.was &&
  !!a.event &&
  isImplied(a.was) &&
  isImplied(a.event) &&
  'seat' in a.was &&
  sameEvent({ ...a.was, seat: (a.event as { seat: string }).seat } as GameEvent, a.event);

/**
 * What `u` says it took back: "Took back the fix: event 3 is again a pung of Two Bam called by
 * North; events 4-7 moved back".
 */
export const takeBackSentence = (group: readonly Amendment[]): string => {
  const parts = group
    .filter((a) => !isMove(a))
    .map((a) =>
      a.action === 'replace'
        ? `event ${a.at} is again ${eventName(a.was!)}`
        : a.action === 'insert'
          ? `${eventName(a.event!)} (event ${a.at}) is out again`
          : `event ${a.at}, ${eventName(a.was!)}, is back`,
    );
  const moves = group.filter(isMove).map((m) => m.at);
  if (moves.length) parts.push(`${moves.length === 1 ? 'event' : 'events'} ${eventSpan(moves)} moved back`);
  return `Took back the fix: ${parts.join('; ')}`;
};
