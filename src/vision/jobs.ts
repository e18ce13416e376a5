/**
 * How a request to the recognizer worker is answered, on both sides. A request (recognize,
 * teach, floor) carries an id; if its work fails, the worker answers that id with the error, and
 * the page gives every answer to the caller waiting on its id. A message for no request (a set
 * that could not be loaded) goes to the panel's notice. So a failed reading never leaves the
 * camera panel busy for ever.
 */
import type { FromWorker, ToWorker } from './protocol';

export type Waiter = (m: FromWorker) => void;

/** In the worker: run one message's work; a failure answers the request it belongs to. */
export const runJob = async (m: ToWorker, work: () => Promise<void> | void, post: (m: FromWorker) => void): Promise<void> => {
  try {
    await work();
  } catch (e) {
    post({ type: 'error', ...('id' in m ? { id: m.id } : {}), message: `Recognizer failed: ${String(e)}` });
  }
};

/** In the page: an answer goes to its caller (once); a message for no request goes to `notice`. */
export const deliver = (m: FromWorker, waiting: Map<number, Waiter>, notice: (message: string) => void): void => {
  if (m.type === 'ready') return;
  if (m.type === 'error' && m.id === undefined) return notice(m.message);
  waiting.get(m.id!)?.(m);
  waiting.delete(m.id!);
};
