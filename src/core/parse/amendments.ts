import { AMEND_ACTIONS, unwindAmendments, type AmendAction, type Amendment } from '../amend';
import type { GameEvent } from '../events';
import { err, ok, type Result } from '../result';
import { parseEvent, type EventContext } from './event';
import { isObj, show } from './read';

/**
 * A game's `amendments` in a table record (docs/table-record.md): the audit trail of fixes made
 * to its events, oldest first. Each is read field by field, then the whole trail is checked
 * against the game's events: walked back from the last, each must find at its place what it
 * says it made. A trail that does not match is an error naming the amendment.
 */
export const parseAmendments = (x: unknown, events: readonly GameEvent[], table: EventContext): Result<Amendment[], string> => {
  if (!Array.isArray(x)) return err(`amendments must be a list, got ${show(x)}`);
  const out: Amendment[] = [];
  for (const [i, a] of x.entries()) {
    const where = `amendment ${i + 1}`;
    if (!isObj(a)) return err(`${where} must be an object with "at", "action", "length" and "when"`);
    const whole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;
    if (!whole(a.at, 1)) return err(`${where}: at must be an event position (1 or more), got ${show(a.at)}`);
    if (!whole(a.length, 1)) return err(`${where}: length must be the number of events before it (1 or more), got ${show(a.length)}`);
    if (!AMEND_ACTIONS.includes(a.action as AmendAction))
      return err(`${where}: action must be ${AMEND_ACTIONS.join(', ')}, got ${show(a.action)}`);
    if (typeof a.when !== 'string' || Number.isNaN(Date.parse(a.when)))
      return err(`${where}: when must be a date and time, got ${show(a.when)}`);
    const action = a.action as AmendAction;
    const m: Amendment = { at: a.at, action, length: a.length, when: a.when };
    for (const f of ['event', 'was'] as const) {
      const needed = f === 'event' ? action !== 'delete' : action !== 'insert';
      if (!needed) {
        if (a[f] !== undefined) return err(`${where}: a ${action} has no "${f}"`);
        continue;
      }
      const e = parseEvent(a[f], table);
      if (!e.ok) return err(`${where}: ${f}: ${e.error}`);
      m[f] = e.value;
    }
    out.push(m);
  }
  const back = unwindAmendments(events, out);
  return back.ok ? ok(out) : err(back.error.message);
};
