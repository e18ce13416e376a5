// The share process's entry (electron-vite builds it as out/main/share.js; main starts it with
// utilityProcess.fork): the share server, answering main over wire.ts.
import { parentPort, serveShare } from './process';

const parent = parentPort();
if (!parent) {
  process.stderr.write('The share process must be started by MahjMate.\n');
  process.exit(1);
}
serveShare(parent);
