// Child process of the amendment crash proof (tools/security/crash-amend.ts): opens the file,
// records the game of crash-amend-game.ts if it is not there yet, then amends it through the
// real services as fast as it can, printing "ack N" (N amendments stored) only after the
// service has returned (committed). The parent SIGKILLs it at random points.
import { writeSync } from 'node:fs';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import { openStore } from '../../electron/main/store/store';
import { changesOf, ORIGINAL } from './crash-amend-game';

const SEATING = ['Ann', 'Bea', 'Cy', 'Dot'];
const store = openStore(process.argv[2]!);
const services = createServices(store);
writeSync(1, 'open\n');
const must = async (channel: string, payload: unknown): Promise<unknown> => {
  const r = await dispatch(services, channel, payload);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value;
};
let [session] = store.listSessions(1);
session ??= store.createSession({ players: SEATING, seating: SEATING });
let game = store.getSession(session.id)!.gameList[0];
game ??= store.addGame(session.id, SEATING, undefined, false);
// A run killed while the game was being typed resumes typing it (appends are durable one by one).
for (
  let i = store.lastSeq(game.id);
  i < ORIGINAL.length && (store.db.prepare('SELECT count(*) AS n FROM amendments').get() as { n: number }).n === 0;
  i++
)
  await must('appendEvent', { gameId: game.id, event: ORIGINAL[i], afterSeq: i });
for (;;) {
  const n = (store.db.prepare('SELECT count(*) AS n FROM amendments WHERE game_id = ?').get(game.id) as { n: number }).n / 2;
  await must('amendGame', { gameId: game.id, changes: changesOf(n) });
  writeSync(1, `ack ${n + 1}\n`);
}
