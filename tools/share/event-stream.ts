/** Reading the share server's event stream (text/event-stream) as the tests and the bench do. */
import type { IncomingMessage } from 'node:http';

/** Each block of an event stream as it comes: its event name ('message' when none) and its data lines joined (null when none). */
export const onBlocks = (res: IncomingMessage, fn: (event: string, data: string | null) => void): void => {
  let buf = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => {
    buf += c;
    let i: number;
    while ((i = buf.indexOf('\n\n')) !== -1) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart());
      fn(/^event: ?(\w+)$/m.exec(block)?.[1] ?? 'message', data.length > 0 ? data.join('\n') : null);
    }
  });
};
