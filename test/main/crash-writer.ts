// Child process for crash.test.ts: appends events as fast as it can and prints "ack GAME SEQ"
// only after the store's append has returned (committed). The parent SIGKILLs it mid-stream.
import { writeSync } from 'node:fs';
import { openStore } from '../../electron/main/store/store';

const store = openStore(process.argv[2]!);
const s = store.createSession({ players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] });
const seats = ['E', 'S', 'W', 'N'] as const;
for (let g = 0; ; g++) {
  const game = store.addGame(s.id, ['Ann', 'Bea', 'Cy', 'Dot'], undefined, false);
  for (let i = 0; i < 80; i++) {
    const seq = store.appendEvent(game.id, { type: 'discard', seat: seats[i % 4]!, tile: '5B' });
    writeSync(1, `ack ${game.id} ${seq}\n`);
  }
}
