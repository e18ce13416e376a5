// Child process of the crash proof (tools/security/crash-harness.ts): records a 500-event
// session through the store (5 games of 100 events), one durable append at a time, and prints
// "ack GAME SEQ" only after the append has returned (committed). Each run resumes where the
// file stands, so a run of kills walks the same session forward; a finished session starts
// the next one. The parent SIGKILLs it at random points.
import { writeSync } from 'node:fs';
import { openStore } from '../../electron/main/store/store';
import { EVENTS_PER_GAME, GAMES_PER_SESSION, SEATING, expectedEvent } from './crash-session';

const store = openStore(process.argv[2]!);
writeSync(1, 'open\n');
for (;;) {
  const [latest] = store.listSessions(1);
  let s = latest ?? store.createSession({ players: SEATING, seating: SEATING });
  const detail = store.getSession(s.id)!;
  const last = detail.gameList[detail.gameList.length - 1];
  let game = last;
  let seq = last ? store.lastSeq(last.id) : 0;
  if (!game || seq >= EVENTS_PER_GAME) {
    if (detail.gameList.length >= GAMES_PER_SESSION) {
      s = store.createSession({ players: SEATING, seating: SEATING });
    }
    game = store.addGame(s.id, SEATING, undefined, false);
    seq = 0;
  }
  for (let i = seq; i < EVENTS_PER_GAME; i++) {
    const at = store.appendEvent(game.id, expectedEvent(game.number, i + 1), i);
    writeSync(1, `ack ${game.id} ${at}\n`);
  }
}
