// The display window's preload: it only READS the table view main sends. No invoke, no channel
// to main, nothing else from Electron reaches the page.
import { contextBridge, ipcRenderer } from 'electron';

type Frame = unknown;
let last: Frame | null = null;
const subscribers = new Set<(f: Frame) => void>();

ipcRenderer.on('mahjmate:table-view', (_e, frame: Frame) => {
  last = frame;
  for (const fn of subscribers) fn(frame);
});

contextBridge.exposeInMainWorld(
  'mahjmateView',
  Object.freeze({
    /** Called with the latest view now (if any) and after every change. */
    onView: (fn: (f: Frame) => void): void => {
      if (typeof fn !== 'function') return;
      subscribers.add(fn);
      if (last !== null) fn(last);
    },
  }),
);
